package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;

/** Driven port: the {@code external_spot_activities} mirror, keyed per tenant by transaction hash. */
public interface SpotActivityStore {

    /** Inserts in one transaction, skipping every hash the tenant already holds; returns how many were new. */
    int insertAll(Tenant tenant, List<SpotActivity> activities, Instant now);

    /** Activities with {@code id > afterId}, oldest row first. */
    List<StoredSpotActivity> after(Tenant tenant, long afterId, int limit);

    long countAfter(Tenant tenant, long afterId);
}
