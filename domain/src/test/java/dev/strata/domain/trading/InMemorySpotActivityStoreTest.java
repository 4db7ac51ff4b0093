package dev.strata.domain.trading;

class InMemorySpotActivityStoreTest extends SpotActivityStoreContract {

    @Override
    protected SpotActivityStore createStore() {
        return new InMemorySpotActivityStore();
    }
}
