package dev.strata.domain.profile;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Driven port: the per-tenant key/value user profile. */
public interface UserProfileStore {

    /** All entries of the tenant, ordered by key (so the snapshot renders deterministically). */
    List<ProfileEntry> all(Tenant tenant);

    Optional<ProfileEntry> get(Tenant tenant, String key);

    /** Creates or replaces the value of a key. */
    ProfileEntry put(Tenant tenant, String key, String value, Instant now);

    /** False when the key did not exist. */
    boolean delete(Tenant tenant, String key);
}
