package dev.strata.application.memory;

/**
 * Reacts to committed memory writes (embedding, consolidation, cache invalidation). Listeners are
 * called after the transaction commits; a failing listener is logged and never fails the write.
 */
@FunctionalInterface
public interface MemoryListener {

    void onWritten(MemoryWritten event);
}
