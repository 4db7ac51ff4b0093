package dev.strata.domain.trading;

class InMemorySyncStateStoreTest extends SyncStateStoreContract {

    @Override
    protected SyncStateStore createStore() {
        return new InMemorySyncStateStore();
    }
}
