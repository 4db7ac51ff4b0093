package dev.strata.domain.retrieval;

/**
 * Driven port: runs the writes of background work (the embedding worker's results) as one short write
 * transaction that gives way to requests. The storage begins it only while no request writer waits for the
 * write lock, so a request waits for at most one such transaction; the stores called inside join it, and a
 * failure inside rolls all of it back. The work may run more than once (when a request takes the lock first)
 * and must therefore only write what its inputs say.
 */
@FunctionalInterface
public interface BackgroundWrites {

    /** No transaction of its own: for stores that have none (in-memory fakes). */
    BackgroundWrites DIRECT = Runnable::run;

    /** Runs {@code work} as one transaction; its failure is thrown after the rollback. */
    void slice(Runnable work);
}
