package dev.strata.domain.fact;

class InMemoryFactStoreTest extends FactStoreContract {

    @Override
    protected FactStore createStore() {
        return new InMemoryFactStore();
    }
}
