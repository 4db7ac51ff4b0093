package dev.strata.domain.personalization;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * The eight capital tiers of spec 04 ({@code tier_1} &lt; $10 ... {@code tier_8} &ge; $50k). Each tier
 * holds totals from its lower bound (inclusive) to the next tier's (exclusive):
 *
 * <pre>
 * tier_1  [$0, $10)        tier_5  [$1,000, $5,000)
 * tier_2  [$10, $100)      tier_6  [$5,000, $10,000)
 * tier_3  [$100, $500)     tier_7  [$10,000, $50,000)
 * tier_4  [$500, $1,000)   tier_8  [$50,000, ...)
 * </pre>
 */
public enum CapitalTier {
    TIER_1("0"),
    TIER_2("10"),
    TIER_3("100"),
    TIER_4("500"),
    TIER_5("1000"),
    TIER_6("5000"),
    TIER_7("10000"),
    TIER_8("50000");

    private final BigDecimal lowerBoundUsd;

    CapitalTier(String lowerBoundUsd) {
        this.lowerBoundUsd = new BigDecimal(lowerBoundUsd);
    }

    /** The smallest total in the tier (inclusive). */
    public BigDecimal lowerBoundUsd() {
        return lowerBoundUsd;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The tier of a total; a total below zero (which the sources never give) counts as the lowest. */
    public static CapitalTier of(BigDecimal totalUsd) {
        CapitalTier[] tiers = values();
        for (int i = tiers.length - 1; i > 0; i--) {
            if (totalUsd.compareTo(tiers[i].lowerBoundUsd) >= 0) {
                return tiers[i];
            }
        }
        return TIER_1;
    }

    public static CapitalTier parse(String wire) {
        for (CapitalTier t : values()) {
            if (t.wireName().equals(wire)) {
                return t;
            }
        }
        throw new IllegalArgumentException("not a capital tier: " + wire);
    }
}
