package dev.strata.domain.learning;

class InMemoryPreferenceStoreTest extends PreferenceStoreContract {

    @Override
    protected PreferenceStore createStore() {
        return new InMemoryPreferenceStore();
    }
}
