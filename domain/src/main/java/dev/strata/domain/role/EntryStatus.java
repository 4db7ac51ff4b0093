package dev.strata.domain.role;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Where a role-memory entry stands: waiting for reflection, reflected (final), or skipped (final). */
public enum EntryStatus {
    PENDING,
    REFLECTED,
    SKIPPED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<EntryStatus> fromWireName(String name) {
        return Arrays.stream(values()).filter(s -> s.wireName().equals(name)).findFirst();
    }
}
