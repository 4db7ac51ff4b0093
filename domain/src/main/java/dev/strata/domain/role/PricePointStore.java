package dev.strata.domain.role;

import dev.strata.domain.memory.Tenant;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: prices pushed through the API (an agent reports what it fetched), per tenant. A
 * second point for the same asset, instant and source replaces the first.
 */
public interface PricePointStore {

    /** Stores the points in one transaction. */
    void add(Tenant tenant, List<PricePoint> points);

    /** The point of {@code asset} closest to {@code at} within {@code tolerance} either side (the earlier on a tie). */
    Optional<PricePoint> nearest(Tenant tenant, Asset asset, Instant at, Duration tolerance);

    /** Removes points older than {@code cutoff}; returns how many. */
    int purgeBefore(Instant cutoff);
}
