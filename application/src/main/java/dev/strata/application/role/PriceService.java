package dev.strata.application.role;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.PricePoint;
import dev.strata.domain.role.PricePointStore;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Prices pushed through the API (spec 05's "an agent reports what it fetched"): stored for the
 * {@code price_delta} probe, then announced per asset to {@code pushed}, which is how the
 * {@code on_price_fetch} trigger wakes the asset's pending entries.
 */
public final class PriceService {

    public static final int MAX_POINTS = 500;
    /** A price stamped this far in the future is a clock or unit mistake, not a quote. */
    static final Duration MAX_FUTURE_SKEW = Duration.ofMinutes(5);

    private final PricePointStore store;
    private final Clock clock;
    private final BiConsumer<Tenant, Asset> pushed;

    public PriceService(PricePointStore store, Clock clock, BiConsumer<Tenant, Asset> pushed) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pushed = Objects.requireNonNull(pushed, "pushed");
    }

    /** Stores the points in one transaction and returns the assets they were about. */
    public Set<Asset> push(Tenant tenant, List<PricePoint> points) {
        if (points.isEmpty() || points.size() > MAX_POINTS) {
            throw new InvalidInputException("prices", "must hold 1-" + MAX_POINTS + " points");
        }
        Instant latest = clock.instant().plus(MAX_FUTURE_SKEW);
        for (PricePoint p : points) {
            if (p.at().isAfter(latest)) {
                throw new InvalidInputException("at", "a price of " + p.asset() + " is stamped in the future: " + p.at());
            }
        }
        store.add(tenant, points);
        Set<Asset> assets = new LinkedHashSet<>();
        points.forEach(p -> assets.add(p.asset()));
        assets.forEach(a -> pushed.accept(tenant, a));
        return assets;
    }
}
