package dev.strata.domain.vault;

class InMemoryVaultStoreTest extends VaultStoreContract {

    @Override
    protected VaultStore createStore() {
        return new InMemoryVaultStore();
    }
}
