package dev.strata.domain.learning;

class InMemoryMethodologyStoreTest extends MethodologyStoreContract {

    @Override
    protected Stores createStores() {
        InMemoryMethodologyStore m = new InMemoryMethodologyStore();
        return new Stores(m, new InMemoryTradeStore(m));
    }
}
