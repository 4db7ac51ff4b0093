package dev.strata.domain.graph;

import dev.strata.domain.memory.InMemoryMemoryStore;

/** The fake honours the same contract as the SQLite tables, so tests built on it mean something. */
class InMemoryMemoryEdgeStoreTest extends MemoryEdgeStoreContract {

    @Override
    protected Stores createStores() {
        InMemoryMemoryStore memories = new InMemoryMemoryStore();
        return new Stores(memories, new InMemoryMemoryEdgeStore(memories));
    }
}
