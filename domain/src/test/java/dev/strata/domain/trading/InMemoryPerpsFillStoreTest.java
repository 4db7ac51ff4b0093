package dev.strata.domain.trading;

class InMemoryPerpsFillStoreTest extends PerpsFillStoreContract {

    @Override
    protected PerpsFillStore createStore() {
        return new InMemoryPerpsFillStore();
    }
}
