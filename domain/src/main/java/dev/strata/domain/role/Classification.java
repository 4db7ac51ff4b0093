package dev.strata.domain.role;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Stage 1 of reflection: why a decision turned out as it did. Only the two whose cause lies in the
 * agent's own reasoning or evidence are trainable and get a lesson; blaming the world or noise for
 * a lesson would teach the agent rules that are not there.
 */
public enum Classification {
    /** Wrong, and the error is inside the agent's reasoning. */
    LOGIC_ERROR(true),
    /** Wrong because evidence the agent should have fetched was missing. */
    MISSING_DATA(true),
    /** Wrong because of something the agent could not reasonably have known. */
    EXOGENOUS(false),
    /** Within the noise band: skill and luck cannot be told apart. */
    VARIANCE(false);

    private final boolean trainable;

    Classification(boolean trainable) {
        this.trainable = trainable;
    }

    /** True when stage 2 runs and a lesson is stored. */
    public boolean trainable() {
        return trainable;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Classification> fromWireName(String name) {
        return Arrays.stream(values()).filter(c -> c.wireName().equals(name)).findFirst();
    }

    public static String[] wireNames() {
        return Arrays.stream(values()).map(Classification::wireName).toArray(String[]::new);
    }
}
