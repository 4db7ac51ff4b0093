package dev.strata.domain.personalization;

class InMemoryStrategyRunStoreTest extends StrategyRunStoreContract {

    @Override
    protected StrategyRunStore createStore() {
        return new InMemoryStrategyRunStore();
    }
}
