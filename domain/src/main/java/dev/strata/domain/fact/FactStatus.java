package dev.strata.domain.fact;

import dev.strata.domain.error.InvalidInputException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where a fact is in its lifecycle. A fact is recorded {@link #PENDING}, settles once as
 * {@link #ACTIVE} (it feeds the snapshot) or {@link #RETIRED} (a restatement or an outdated
 * statement), and an active fact may later be retired by a newer one. Nothing ever leaves
 * {@link #RETIRED}, and no row is ever deleted.
 */
public enum FactStatus {
    PENDING,
    ACTIVE,
    RETIRED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a fact in this status may move to {@code next}. */
    public boolean canMoveTo(FactStatus next) {
        return switch (this) {
            case PENDING -> next == ACTIVE || next == RETIRED;
            case ACTIVE -> next == RETIRED;
            case RETIRED -> false;
        };
    }

    public static FactStatus parse(String wire) {
        if (wire != null) {
            String wanted = wire.strip().toLowerCase(Locale.ROOT);
            for (FactStatus s : values()) {
                if (s.wireName().equals(wanted)) {
                    return s;
                }
            }
        }
        throw new InvalidInputException("status", "must be one of " + Arrays.stream(values())
                .map(FactStatus::wireName).collect(Collectors.joining(", ")));
    }
}
