package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** {@link PerpsFillStore} in memory; passes {@link PerpsFillStoreContract}. */
public final class InMemoryPerpsFillStore implements PerpsFillStore {

    private final List<StoredPerpsFill> rows = new ArrayList<>();
    private long nextId = 1;
    /** Set by a test to make the next insert fail, as a full disk would. */
    public volatile RuntimeException failNextInsert;

    @Override
    public synchronized int insertAll(Tenant tenant, List<PerpsFill> fills, Instant now) {
        RuntimeException failure = failNextInsert;
        if (failure != null) {
            failNextInsert = null;
            throw failure;
        }
        fills.forEach(f -> {
            if (!f.tenant().equals(tenant)) {
                throw new IllegalArgumentException("a fill of another tenant");
            }
        });
        Set<String> held = new HashSet<>();
        rows.stream().filter(r -> r.fill().tenant().equals(tenant)).forEach(r -> held.add(key(r.fill())));
        int inserted = 0;
        for (PerpsFill f : fills) {
            if (held.add(key(f))) {
                rows.add(new StoredPerpsFill(nextId++, f, now));
                inserted++;
            }
        }
        return inserted;
    }

    private static String key(PerpsFill f) {
        return f.subAccount().value() + "\u0000" + f.uid().value();
    }

    @Override
    public synchronized List<StoredPerpsFill> after(Tenant tenant, long afterId, int limit) {
        return rows.stream().filter(r -> r.fill().tenant().equals(tenant) && r.id() > afterId).limit(limit).toList();
    }

    @Override
    public synchronized long countAfter(Tenant tenant, long afterId) {
        return rows.stream().filter(r -> r.fill().tenant().equals(tenant) && r.id() > afterId).count();
    }

    @Override
    public synchronized List<StoredPerpsFill> recent(Tenant tenant, String symbol, int limit) {
        String s = symbol.toLowerCase(Locale.ROOT);
        return rows.stream().filter(r -> r.fill().tenant().equals(tenant)
                        && r.fill().symbol().toLowerCase(Locale.ROOT).equals(s))
                .sorted(Comparator.comparing((StoredPerpsFill r) -> r.fill().at()).thenComparingLong(StoredPerpsFill::id)
                        .reversed())
                .limit(limit).toList();
    }

    @Override
    public synchronized List<FillAggregate> aggregate(Tenant tenant, Instant since) {
        record Group(String symbol, FillSide side, Optional<String> dir) {
        }
        Map<Group, List<PerpsFill>> groups = new LinkedHashMap<>();
        rows.stream().map(StoredPerpsFill::fill).filter(f -> f.tenant().equals(tenant) && !f.at().isBefore(since))
                .forEach(f -> groups.computeIfAbsent(new Group(f.symbol(), f.side(), f.dir()), g -> new ArrayList<>())
                        .add(f));
        return groups.entrySet().stream().map(e -> {
            List<PerpsFill> fs = e.getValue();
            return new FillAggregate(e.getKey().symbol(), e.getKey().side(), e.getKey().dir(), fs.size(),
                    fs.stream().filter(f -> f.closedPnl().signum() != 0).count(),
                    fs.stream().filter(f -> f.closedPnl().signum() > 0).count(),
                    fs.stream().map(PerpsFill::notionalUsd).reduce(BigDecimal.ZERO, BigDecimal::add),
                    fs.stream().map(PerpsFill::closedPnl).reduce(BigDecimal.ZERO, BigDecimal::add),
                    fs.stream().map(PerpsFill::at).max(Comparator.naturalOrder()).orElseThrow());
        }).toList();
    }

    @Override
    public synchronized List<Tenant> tenants() {
        return rows.stream().map(r -> r.fill().tenant()).distinct().sorted(Comparator.comparing(Tenant::value)).toList();
    }

    @Override
    public synchronized List<String> symbolsSince(Tenant tenant, Instant since) {
        return rows.stream().map(StoredPerpsFill::fill).filter(f -> f.tenant().equals(tenant) && !f.at().isBefore(since))
                .map(PerpsFill::symbol).distinct().sorted().toList();
    }
}
