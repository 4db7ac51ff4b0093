package dev.strata.domain.memory;

/** The fake honours the same contract as the real store, so tests built on it mean something. */
class InMemoryMemoryStoreTest extends MemoryStoreContract {

    @Override
    protected MemoryStore createStore() {
        return new InMemoryMemoryStore();
    }
}
