package dev.strata.application.profile;

import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.profile.ProfileEntry;
import dev.strata.domain.profile.UserProfileStore;

import java.time.Clock;
import java.util.List;

/** The user-profile use cases: list, read one, set, delete. */
public final class ProfileService {

    private final UserProfileStore store;
    private final Clock clock;

    public ProfileService(UserProfileStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public List<ProfileEntry> all(Tenant tenant) {
        return store.all(tenant);
    }

    public ProfileEntry get(Tenant tenant, String key) {
        return store.get(tenant, ProfileEntry.checkKey(key)).orElseThrow(() -> new NotFoundException("profile key", key));
    }

    public ProfileEntry set(Tenant tenant, String key, String value) {
        return store.put(tenant, ProfileEntry.checkKey(key), ProfileEntry.checkValue(value), clock.instant());
    }

    public void delete(Tenant tenant, String key) {
        if (!store.delete(tenant, ProfileEntry.checkKey(key))) {
            throw new NotFoundException("profile key", key);
        }
    }
}
