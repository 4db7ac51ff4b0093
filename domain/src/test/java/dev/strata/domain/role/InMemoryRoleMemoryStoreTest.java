package dev.strata.domain.role;

class InMemoryRoleMemoryStoreTest extends RoleMemoryStoreContract {

    @Override
    protected RoleMemoryStore createStore() {
        return new InMemoryRoleMemoryStore();
    }
}
