package dev.strata.application.role;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.PriceFeed;
import dev.strata.domain.role.PricePoint;
import dev.strata.domain.role.PricePointStore;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** Prices pushed through the API, read as a {@link PriceFeed}: the point closest to the instant within a tolerance. */
public final class StoredPriceFeed implements PriceFeed {

    private final PricePointStore store;
    private final Duration tolerance;

    public StoredPriceFeed(PricePointStore store, Duration tolerance) {
        this.store = Objects.requireNonNull(store, "store");
        if (tolerance.isNegative()) {
            throw new IllegalArgumentException("tolerance must not be negative");
        }
        this.tolerance = tolerance;
    }

    @Override
    public Optional<PricePoint> priceAt(Tenant tenant, Asset asset, Instant at) {
        return store.nearest(tenant, asset, at, tolerance);
    }
}
