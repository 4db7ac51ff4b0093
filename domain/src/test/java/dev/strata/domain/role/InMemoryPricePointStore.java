package dev.strata.domain.role;

import dev.strata.domain.memory.Tenant;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A hand-written {@link PricePointStore} fake. */
public final class InMemoryPricePointStore implements PricePointStore {

    private record Row(Tenant tenant, PricePoint point) {
    }

    private final List<Row> rows = new ArrayList<>();

    /** Every point of a tenant, in the order stored: what a test compares to prove a refused request changed nothing. */
    public synchronized List<PricePoint> all(Tenant tenant) {
        return rows.stream().filter(r -> r.tenant.equals(tenant)).map(Row::point).toList();
    }

    @Override
    public synchronized void add(Tenant tenant, List<PricePoint> points) {
        for (PricePoint p : points) {
            rows.removeIf(r -> r.tenant.equals(tenant) && r.point.asset().equals(p.asset()) && r.point.at().equals(p.at())
                    && r.point.source().equals(p.source()));
            rows.add(new Row(tenant, p));
        }
    }

    @Override
    public synchronized Optional<PricePoint> nearest(Tenant tenant, Asset asset, Instant at, Duration tolerance) {
        return rows.stream().filter(r -> r.tenant.equals(tenant) && r.point.asset().equals(asset))
                .map(Row::point)
                .filter(p -> Duration.between(p.at(), at).abs().compareTo(tolerance) <= 0)
                .min(Comparator.comparing((PricePoint p) -> Duration.between(p.at(), at).abs())
                        .thenComparing(PricePoint::at));
    }

    @Override
    public synchronized int purgeBefore(Instant cutoff) {
        int before = rows.size();
        rows.removeIf(r -> r.point.at().isBefore(cutoff));
        return before - rows.size();
    }
}
