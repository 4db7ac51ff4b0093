package dev.strata.domain.personalization;

class InMemoryFinancialProfileStoreTest extends FinancialProfileStoreContract {

    @Override
    protected FinancialProfileStore createStore() {
        return new InMemoryFinancialProfileStore();
    }
}
