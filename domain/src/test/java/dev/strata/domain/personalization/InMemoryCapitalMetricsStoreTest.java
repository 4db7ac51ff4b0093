package dev.strata.domain.personalization;

class InMemoryCapitalMetricsStoreTest extends CapitalMetricsStoreContract {

    @Override
    protected CapitalMetricsStore createStore() {
        return new InMemoryCapitalMetricsStore();
    }
}
