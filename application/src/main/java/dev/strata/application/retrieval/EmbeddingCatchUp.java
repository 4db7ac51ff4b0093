package dev.strata.application.retrieval;

import dev.strata.domain.retrieval.EmbeddingState;
import dev.strata.domain.retrieval.EmbeddingStateStore;
import dev.strata.domain.retrieval.PendingEmbedding;

import java.util.List;
import java.util.Objects;

/**
 * Finds rows the worker never got to — left {@code pending} by a full queue, a stop or a crash —
 * and rows whose embedding {@code failed}, and queues them on the worker's backlog, lowest id first,
 * one page of the store at a time.
 *
 * <p>A <em>pass</em> visits each row at most once: it {@link #startPass starts} at the lowest id
 * (at server start and on every scheduled run) and walks a cursor up the ids. When the backlog is
 * full the pass pauses where it is and the worker {@link #resume resumes} it once the backlog has
 * drained, so a big backlog is worked off at the model's pace without waiting for the next run,
 * yet a failed row is retried at most once per pass: never in a hot loop, even while the model is
 * down.
 *
 * <p>Never blocks: offers to a full backlog are refused, not waited for. Thread-safe (the scheduled
 * job and the worker thread both call it).
 */
final class EmbeddingCatchUp {

    private static final System.Logger LOG = System.getLogger(EmbeddingCatchUp.class.getName());
    static final List<EmbeddingState> RETRYABLE = List.of(EmbeddingState.PENDING, EmbeddingState.FAILED);

    private final EmbeddingStateStore states;
    private final EmbeddingQueue queue;
    private final int pageSize;
    /** The highest id this pass has offered; the next page starts after it. */
    private long cursor;
    private boolean paused;

    EmbeddingCatchUp(EmbeddingStateStore states, EmbeddingQueue queue, int pageSize) {
        this.states = Objects.requireNonNull(states, "states");
        this.queue = Objects.requireNonNull(queue, "queue");
        if (pageSize < 1) {
            throw new IllegalArgumentException("pageSize must be at least 1: " + pageSize);
        }
        this.pageSize = pageSize;
    }

    /** A new pass from the lowest id; a pass still paused is abandoned (this one covers its rows). */
    synchronized CatchUpReport startPass() {
        cursor = 0;
        paused = false;
        return logged(walk(), System.Logger.Level.INFO);
    }

    /** Continues a paused pass where it stopped; does nothing when no pass is paused. */
    synchronized CatchUpReport resume() {
        if (!paused) {
            return new CatchUpReport(0, 0, false);
        }
        paused = false;
        // A big backlog resumes once per backlog-full of rows: not worth an INFO line each time.
        return logged(walk(), System.Logger.Level.DEBUG);
    }

    /** True when a pass stopped at a full backlog and has rows left to visit. */
    synchronized boolean isPaused() {
        return paused;
    }

    private CatchUpReport walk() {
        int queued = 0;
        int alreadyWaiting = 0;
        while (true) {
            List<PendingEmbedding> page = states.inStates(RETRYABLE, cursor, pageSize);
            if (page.isEmpty()) {
                return new CatchUpReport(queued, alreadyWaiting, false);
            }
            for (PendingEmbedding row : page) {
                switch (queue.offerBacklog(row)) {
                    case QUEUED -> queued++;
                    case ALREADY_WAITING -> alreadyWaiting++;
                    case FULL -> {
                        // The row was not taken: the resumed pass starts with it.
                        paused = true;
                        return new CatchUpReport(queued, alreadyWaiting, true);
                    }
                }
                cursor = row.memory().value();
            }
        }
    }

    private static CatchUpReport logged(CatchUpReport report, System.Logger.Level level) {
        if (report.queued() > 0) {
            LOG.log(level, "embedding catch-up queued " + report.queued() + " pending or failed rows"
                    + (report.paused() ? "; the backlog is full, the rest follows once it has drained" : ""));
        }
        return report;
    }
}
