package dev.strata.domain.languagemodel;

import java.util.Locale;

/** What a model call was for; spend is reported per category so a runaway job is easy to spot. */
public enum SpendCategory {
    CONSOLIDATION,
    REFLECTION,
    REBUILD,
    LEARNING;

    /** The lower-case name used in storage and on the wire. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static SpendCategory fromKey(String key) {
        for (SpendCategory category : values()) {
            if (category.key().equals(key)) {
                return category;
            }
        }
        throw new IllegalArgumentException("unknown spend category: " + key);
    }
}
