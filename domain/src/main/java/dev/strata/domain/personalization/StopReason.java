package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Why an autopilot run stopped (spec 04's list). */
public enum StopReason {
    /** Disabled through the agent. */
    USER_MANUAL,
    INSUFFICIENT_BALANCE,
    DRAWDOWN_PROTECTION,
    LIQUIDATED,
    STRATEGY_EXPIRED,
    /** Stopped where the agent could not see it (the web UI, an automatic stop): found by the reconcile pass. */
    OTHER;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static StopReason parse(String raw) {
        if (raw != null) {
            for (StopReason r : values()) {
                if (r.wireName().equals(raw)) {
                    return r;
                }
            }
        }
        throw new InvalidInputException("stop_reason", "must be one of " + Arrays.stream(values())
                .map(StopReason::wireName).collect(Collectors.joining(", ")));
    }
}
