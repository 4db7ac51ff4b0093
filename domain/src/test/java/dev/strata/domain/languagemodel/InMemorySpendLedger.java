package dev.strata.domain.languagemodel;

import java.time.LocalDate;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/** A thread-safe in-memory {@link SpendLedger} for tests of the core. */
public final class InMemorySpendLedger implements SpendLedger {

    private record Key(String tenant, LocalDate day) {
    }

    private final Map<Key, Map<SpendCategory, Spend>> spend = new HashMap<>();

    @Override
    public synchronized void record(String tenant, LocalDate day, SpendCategory category, Spend added) {
        spend.computeIfAbsent(new Key(tenant, day), key -> new EnumMap<>(SpendCategory.class))
                .merge(category, added, Spend::plus);
    }

    @Override
    public synchronized DailySpend spentOn(String tenant, LocalDate day) {
        return new DailySpend(tenant, day, spend.getOrDefault(new Key(tenant, day), Map.of()));
    }
}
