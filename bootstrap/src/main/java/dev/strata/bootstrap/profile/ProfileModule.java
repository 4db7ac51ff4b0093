package dev.strata.bootstrap.profile;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteUserProfileStore;
import dev.strata.application.profile.ProfileService;
import dev.strata.bootstrap.access.AccessModule;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.domain.profile.UserProfileStore;

import java.time.Clock;

/** The user profile: each tenant's key-value facts about its user, shown in every memory-context block. */
public final class ProfileModule implements AreaModule {

    private final UserProfileStore store;
    private final ProfileService profile;

    private ProfileModule(UserProfileStore store, ProfileService profile) {
        this.store = store;
        this.profile = profile;
    }

    public static ProfileModule wire(SqliteDatabase db, AccessModule access, Clock clock) {
        UserProfileStore store = new SqliteUserProfileStore(db);
        return new ProfileModule(store, new ProfileService(store, clock, access.secrets(), access.auditLog()));
    }

    public UserProfileStore store() {
        return store;
    }

    public ProfileService profile() {
        return profile;
    }
}
