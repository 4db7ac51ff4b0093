package dev.strata.application.retrieval;

/**
 * What one run of the embedding catch-up did.
 *
 * @param queued         rows put on the worker's backlog
 * @param alreadyWaiting rows left alone because they were already queued or being embedded
 * @param paused         the backlog filled up: the pass continues once the worker has drained it
 */
public record CatchUpReport(int queued, int alreadyWaiting, boolean paused) {

    public CatchUpReport {
        if (queued < 0 || alreadyWaiting < 0) {
            throw new IllegalArgumentException("counts must not be negative");
        }
    }
}
