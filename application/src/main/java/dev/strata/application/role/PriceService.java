package dev.strata.application.role;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
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
    private final AuditTrail audit;

    public PriceService(PricePointStore store, AuditLog audit, Clock clock, BiConsumer<Tenant, Asset> pushed) {
        this.store = Objects.requireNonNull(store, "store");
        this.audit = new AuditTrail(audit);
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pushed = Objects.requireNonNull(pushed, "pushed");
    }

    /**
     * Pushed prices as callers send them: each validated (a refusal names {@code prices[i].<field>}),
     * stamped now when it has no time, and attributed to {@code api} when it names no source. One
     * {@code price.push} audit entry by {@code actor} per call, naming how many points about which assets.
     */
    public Set<Asset> pushAll(Tenant tenant, List<PushPrice> pushed, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        if (pushed.isEmpty() || pushed.size() > MAX_POINTS) {
            throw new InvalidInputException("prices", "must hold 1-" + MAX_POINTS + " points");
        }
        Instant now = clock.instant();
        List<PricePoint> points = new java.util.ArrayList<>();
        for (int i = 0; i < pushed.size(); i++) {
            PushPrice p = pushed.get(i);
            try {
                points.add(new PricePoint(Asset.of(p.asset()), p.price(), p.at().orElse(now), p.source().orElse("api")));
            } catch (InvalidInputException e) {
                throw new InvalidInputException("prices[" + i + "]." + e.field(), e.reason());
            }
        }
        Set<Asset> assets = push(tenant, points);
        audit.record(new AuditEntry(tenant, "price.push", "prices", points.size() + " price point"
                + (points.size() == 1 ? "" : "s") + " pushed for " + assets.stream().map(Asset::symbol)
                .collect(java.util.stream.Collectors.joining(", ")), actor, now));
        return assets;
    }

    /** Stores the points in one transaction and returns the assets they were about. */
    public Set<Asset> push(Tenant tenant, List<PricePoint> points) {
        if (points.isEmpty() || points.size() > MAX_POINTS) {
            throw new InvalidInputException("prices", "must hold 1-" + MAX_POINTS + " points");
        }
        Instant latest = clock.instant().plus(MAX_FUTURE_SKEW);
        for (int i = 0; i < points.size(); i++) {
            PricePoint p = points.get(i);
            if (p.at().isAfter(latest)) {
                throw new InvalidInputException("prices[" + i + "].at", "a price of " + p.asset()
                        + " is stamped in the future: " + p.at());
            }
        }
        store.add(tenant, points);
        Set<Asset> assets = new LinkedHashSet<>();
        points.forEach(p -> assets.add(p.asset()));
        assets.forEach(a -> pushed.accept(tenant, a));
        return assets;
    }
}
