package dev.strata.application.profile;

import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.profile.ProfileEntry;
import dev.strata.domain.profile.UserProfileStore;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

/** The user-profile use cases: list, read one, set, delete. */
public final class ProfileService {

    private final UserProfileStore store;
    private final Clock clock;
    private final CredentialScrubber scrubber;

    public ProfileService(UserProfileStore store, Clock clock) {
        this(store, clock, new CredentialScrubber());
    }

    /** @param scrubber the vault's scrubber: values are stored with every registered secret replaced */
    public ProfileService(UserProfileStore store, Clock clock, CredentialScrubber scrubber) {
        this.store = store;
        this.clock = clock;
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
    }

    public List<ProfileEntry> all(Tenant tenant) {
        return store.all(tenant);
    }

    public ProfileEntry get(Tenant tenant, String key) {
        return store.get(tenant, ProfileEntry.checkKey(key)).orElseThrow(() -> new NotFoundException("profile key", key));
    }

    /**
     * Names that {@code /v1/profile/<name>} gives to the personalization routes: a key of that name
     * could be written but never read back at its own path, so it is refused.
     */
    public static final java.util.Set<String> RESERVED_KEYS = java.util.Set.of("tags", "onboarding", "capital",
            "strategy-runs", "refresh");

    public ProfileEntry set(Tenant tenant, String key, String value) {
        if (RESERVED_KEYS.contains(key)) {
            throw new dev.strata.domain.error.InvalidInputException("key", "'" + key + "' is reserved for the"
                    + " /v1/profile/" + key + " route");
        }
        String checked = ProfileEntry.checkValue(value);
        return store.put(tenant, ProfileEntry.checkKey(key), scrubber.redactFor(tenant, checked), clock.instant());
    }

    public void delete(Tenant tenant, String key) {
        if (!store.delete(tenant, ProfileEntry.checkKey(key))) {
            throw new NotFoundException("profile key", key);
        }
    }
}
