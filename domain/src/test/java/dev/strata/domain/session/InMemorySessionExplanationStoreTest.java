package dev.strata.domain.session;

class InMemorySessionExplanationStoreTest extends SessionExplanationStoreContract {

    @Override
    protected void createStores() {
        InMemorySessionStore store = new InMemorySessionStore();
        sessions = store;
        explanations = new InMemorySessionExplanationStore(store);
    }
}
