package dev.strata.domain.access;

class InMemoryApiKeyStoreTest extends ApiKeyStoreContract {

    @Override
    protected ApiKeyStore createStore() {
        return new InMemoryApiKeyStore();
    }
}
