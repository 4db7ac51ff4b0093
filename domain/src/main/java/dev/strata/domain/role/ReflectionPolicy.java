package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How and when a role's entries are judged (the spec's {@code reflectionPolicy}). Field names in
 * refusals are relative to the policy ({@code minAgeHours}, {@code cronExpr}...); the role-file
 * loader prefixes where the policy sits.
 *
 * <p>An entry is due from {@code minAgeHours} after the decision up to and including
 * {@code maxAgeHours}; older pending entries are skipped, never reflected ({@link #ageOf}).
 * A cron trigger needs a cron expression and a cron expression needs the cron trigger: either one
 * alone is a declaration mistake that would otherwise surface as a role that never reflects.
 */
public record ReflectionPolicy(OutcomeProbeSpec outcomeProbe, int minAgeHours, int maxAgeHours, Set<Trigger> triggers,
                               Optional<CronExpression> cronExpr, List<PostHocProbe> postHocProbes) {

    /** Ten years: beyond that an entry is a zombie whatever the role says. */
    public static final int MAX_AGE_HOURS = 24 * 3660;
    public static final int MAX_POST_HOC_PROBES = 8;

    /** Where an entry of a given age stands against the policy. */
    public enum Age { TOO_YOUNG, DUE, EXPIRED }

    public ReflectionPolicy {
        Objects.requireNonNull(outcomeProbe, "outcomeProbe");
        Objects.requireNonNull(triggers, "triggers");
        Objects.requireNonNull(cronExpr, "cronExpr");
        Objects.requireNonNull(postHocProbes, "postHocProbes");
        if (minAgeHours < 0 || minAgeHours > MAX_AGE_HOURS) {
            throw new InvalidInputException("minAgeHours", "must be within 0-" + MAX_AGE_HOURS + ": " + minAgeHours);
        }
        if (maxAgeHours < 1 || maxAgeHours > MAX_AGE_HOURS) {
            throw new InvalidInputException("maxAgeHours", "must be within 1-" + MAX_AGE_HOURS + ": " + maxAgeHours);
        }
        if (minAgeHours > maxAgeHours) {
            throw new InvalidInputException("minAgeHours", "must not exceed maxAgeHours (" + minAgeHours + " > "
                    + maxAgeHours + ")");
        }
        triggers = triggers.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(triggers));
        if (triggers.contains(Trigger.CRON) && cronExpr.isEmpty()) {
            throw new InvalidInputException("cronExpr", "is required when triggers include cron");
        }
        if (!triggers.contains(Trigger.CRON) && cronExpr.isPresent()) {
            throw new InvalidInputException("cronExpr", "is set but triggers do not include cron");
        }
        if (postHocProbes.size() > MAX_POST_HOC_PROBES) {
            throw new InvalidInputException("postHocProbes", "at most " + MAX_POST_HOC_PROBES + " per role");
        }
        postHocProbes = List.copyOf(postHocProbes);
    }

    public boolean has(Trigger trigger) {
        return triggers.contains(trigger);
    }

    /**
     * Too young before {@code minAgeHours}, due from then through {@code maxAgeHours} inclusive,
     * expired after. Both edges are inclusive on the due side: an entry exactly
     * {@code minAgeHours} old has waited long enough, one exactly {@code maxAgeHours} old is still judged.
     */
    public Age ageOf(Instant createdAt, Instant now) {
        Duration age = Duration.between(createdAt, now);
        if (age.compareTo(Duration.ofHours(minAgeHours)) < 0) {
            return Age.TOO_YOUNG;
        }
        return age.compareTo(Duration.ofHours(maxAgeHours)) > 0 ? Age.EXPIRED : Age.DUE;
    }
}
