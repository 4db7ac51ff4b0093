package dev.strata.domain.role;

class InMemoryPricePointStoreTest extends PricePointStoreContract {

    @Override
    protected PricePointStore createStore() {
        return new InMemoryPricePointStore();
    }
}
