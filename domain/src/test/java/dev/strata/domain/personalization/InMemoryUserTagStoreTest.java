package dev.strata.domain.personalization;

class InMemoryUserTagStoreTest extends UserTagStoreContract {

    @Override
    protected UserTagStore createStore() {
        return new InMemoryUserTagStore();
    }

    @Override
    protected void insertRaw(dev.strata.domain.memory.Tenant tenant, StoredTagRow row) {
        ((InMemoryUserTagStore) store).insertRaw(tenant, row);
    }
}
