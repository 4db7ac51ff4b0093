package dev.strata.domain.session;

class InMemorySessionStoreTest extends SessionStoreContract {

    @Override
    protected SessionStore createStore() {
        return new InMemorySessionStore();
    }
}
