package dev.strata.domain.personalization;

import java.util.Locale;

/**
 * The three rebuild flows of spec 04, each with its own cooldown cursor on the profile row
 * ({@code trading_summary_next_update}, {@code tags_next_update}, {@code memories_next_update}).
 */
public enum RebuildKind {
    TRADING_SUMMARY,
    TAGS,
    MEMORIES;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
