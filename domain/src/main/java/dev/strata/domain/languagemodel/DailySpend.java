package dev.strata.domain.languagemodel;

import java.time.LocalDate;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/** What one tenant spent on model calls on one day, per category. */
public record DailySpend(String tenant, LocalDate day, Map<SpendCategory, Spend> byCategory) {

    public DailySpend {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(day, "day");
        var copy = new EnumMap<SpendCategory, Spend>(SpendCategory.class);
        copy.putAll(byCategory);
        copy.values().forEach(spend -> Objects.requireNonNull(spend, "spend"));
        byCategory = Collections.unmodifiableMap(copy);
    }

    public static DailySpend none(String tenant, LocalDate day) {
        return new DailySpend(tenant, day, Map.of());
    }

    public Spend of(SpendCategory category) {
        return byCategory.getOrDefault(category, Spend.NONE);
    }

    public Spend total() {
        return byCategory.values().stream().reduce(Spend.NONE, Spend::plus);
    }
}
