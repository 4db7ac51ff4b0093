package dev.strata.application.profile;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.memory.Actor;
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
    private final AuditTrail audit;

    /** @param audit where sets and deletes are recorded, with who made them */
    public ProfileService(UserProfileStore store, Clock clock, AuditLog audit) {
        this(store, clock, new CredentialScrubber(), audit);
    }

    /**
     * @param scrubber the vault's scrubber: values are stored with every registered secret replaced
     * @param audit    where sets and deletes are recorded, with who made them
     */
    public ProfileService(UserProfileStore store, Clock clock, CredentialScrubber scrubber, AuditLog audit) {
        this.store = store;
        this.clock = clock;
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.audit = new AuditTrail(audit);
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

    public ProfileEntry set(Tenant tenant, String key, String value, Actor actor) {
        if (RESERVED_KEYS.contains(key)) {
            throw new dev.strata.domain.error.InvalidInputException("key", "'" + key + "' is reserved for the"
                    + " /v1/profile/" + key + " route");
        }
        String checked = ProfileEntry.checkValue(value);
        ProfileEntry stored = store.put(tenant, ProfileEntry.checkKey(key), scrubber.redactFor(tenant, checked),
                clock.instant());
        audit.record(new AuditEntry(tenant, "profile.set", "profile:" + stored.key(), "value set", actor,
                stored.updatedAt()));
        return stored;
    }

    public void delete(Tenant tenant, String key, Actor actor) {
        if (!store.delete(tenant, ProfileEntry.checkKey(key))) {
            throw new NotFoundException("profile key", key);
        }
        audit.record(new AuditEntry(tenant, "profile.delete", "profile:" + key, "deleted", actor, clock.instant()));
    }
}
