package dev.strata.domain.role;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * When a role's pending entries are reflected (besides an explicit {@code reflect}): on the role's
 * cron expression, as soon as a new entry is written, or when a price of the entry's asset is
 * pushed or fetched.
 */
public enum Trigger {
    CRON,
    ON_NEW_WRITE,
    ON_PRICE_FETCH;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Trigger> fromWireName(String name) {
        return Arrays.stream(values()).filter(t -> t.wireName().equals(name)).findFirst();
    }
}
