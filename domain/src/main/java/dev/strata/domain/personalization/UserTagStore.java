package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;

import java.util.List;
import java.util.Optional;

/**
 * Driven port: the {@code user_tags} table, at most one row per (tenant, user, dimension). The store
 * holds no precedence rule: writes are a compare-and-set over the current row, and
 * {@link TagPrecedence} decides what to write, so "an inferred write never replaces a declared one"
 * holds even when two writers race.
 */
public interface UserTagStore {

    /**
     * The user's tags that are valid in the v2 schema, in dimension order. A row whose dimension or
     * value the schema does not know (a v1 row awaiting migration) is left out, never guessed at.
     */
    List<UserTag> all(Tenant tenant, UserId user);

    Optional<UserTag> find(Tenant tenant, UserId user, TagDimension dimension);

    /**
     * Writes {@code next} when the row of its dimension is still {@code expected} (the same value and
     * source; empty means no row). False, writing nothing, when another write got there first.
     */
    boolean replace(Tenant tenant, Optional<UserTag> expected, UserTag next);

    /** Removes the user's row of one dimension; false when there was none. */
    boolean delete(Tenant tenant, UserId user, TagDimension dimension);

    /** Every row of the tenant as stored, whatever its dimension (the v1 migration reads these). */
    List<StoredTagRow> rawRows(Tenant tenant);

    /** The tenants that hold any tag row. */
    List<Tenant> tenants();

    /**
     * One tenant's migration, all or none: deletes {@code remove} (matched on user, dimension, value
     * and source as stored) and upserts {@code write}.
     */
    void migrate(Tenant tenant, List<StoredTagRow> remove, List<UserTag> write);
}
