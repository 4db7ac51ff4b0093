package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Driven port: one watermark row per (tenant, source, sub-account). */
public interface SyncStateStore {

    Optional<SyncState> find(Tenant tenant, SyncKey key);

    /** The tenant's rows, by source then sub-account. */
    List<SyncState> list(Tenant tenant);

    /**
     * A sync of {@code key} succeeded at {@code at}: failures reset to 0, the error cleared, and the
     * watermark moved to {@code watermark} when given (never backwards); otherwise it stays.
     */
    void recordSuccess(Tenant tenant, SyncKey key, Optional<Instant> watermark, Instant at);

    /** Tenants with at least one row: everyone synced before, whom the safety tick keeps current. */
    List<Tenant> tenants();

    /** A sync of {@code key} failed at {@code at}: one more consecutive failure; the watermark stays. */
    void recordFailure(Tenant tenant, SyncKey key, String error, Instant at);
}
