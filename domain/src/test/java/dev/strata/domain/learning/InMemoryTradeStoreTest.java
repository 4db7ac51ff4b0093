package dev.strata.domain.learning;

class InMemoryTradeStoreTest extends TradeStoreContract {

    @Override
    protected MethodologyStoreContract.Stores createStores() {
        InMemoryMethodologyStore m = new InMemoryMethodologyStore();
        return new MethodologyStoreContract.Stores(m, new InMemoryTradeStore(m));
    }
}
