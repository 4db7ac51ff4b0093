package dev.strata.domain.profile;

class InMemoryUserProfileStoreTest extends UserProfileStoreContract {

    @Override
    protected UserProfileStore createStore() {
        return new InMemoryUserProfileStore();
    }
}
