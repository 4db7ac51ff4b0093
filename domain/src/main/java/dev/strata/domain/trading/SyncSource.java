package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;

/** What a sync-state row watermarks: the spec's {@code source} column. */
public enum SyncSource {
    PERPS_FILLS("perps_fills"),
    SPOT_ACTIVITIES("spot_activities");

    private final String wireName;

    SyncSource(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static SyncSource parse(String wire) {
        for (SyncSource s : values()) {
            if (s.wireName.equals(wire)) {
                return s;
            }
        }
        throw new InvalidInputException("source", "must be perps_fills or spot_activities");
    }
}
