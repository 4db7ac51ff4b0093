package dev.strata.application.personalization;

import java.time.Duration;
import java.util.Objects;

/**
 * The personalization area's tunables, with spec 04's defaults (a direct port of v1): cooldowns of
 * the three rebuild flows (read by the rebuild flows through {@link PersonalizationService}), the
 * capital recompute's cooldown and retry, the strategy reconcile's grace window, how many recent
 * personalization memories the block and the portrait show, and the intent-gating switches.
 *
 * @param tradingSummaryCooldown   {@code tradingSummaryCooldownMs}: 30 minutes
 * @param tagsCooldown             {@code tagsCooldownMs}: 30 days
 * @param memoriesCooldown         {@code memoriesCooldownMs}: 10 minutes
 * @param capitalCooldown          the least time between two reads of the portfolio sources: 1 hour
 * @param capitalRetryAfterFailure when to try again after the sources could not be read: 15 minutes
 * @param strategyGrace            how young a running run may be and still be missing upstream: 2 minutes
 * @param recentMemories           personalization memories in the block and the portrait: 5
 * @param intentGating             {@code CHAT_INTENT_GATING_ENABLED}: off
 * @param intentModelPass          ask the model instead of the keyword rules (falls back to them): off
 */
public record PersonalizationPolicy(Duration tradingSummaryCooldown, Duration tagsCooldown, Duration memoriesCooldown,
                                    Duration capitalCooldown, Duration capitalRetryAfterFailure,
                                    Duration strategyGrace, int recentMemories, boolean intentGating,
                                    boolean intentModelPass) {

    public static final int MAX_RECENT_MEMORIES = 50;

    public PersonalizationPolicy {
        positive("tradingSummaryCooldown", tradingSummaryCooldown);
        positive("tagsCooldown", tagsCooldown);
        positive("memoriesCooldown", memoriesCooldown);
        positive("capitalCooldown", capitalCooldown);
        positive("capitalRetryAfterFailure", capitalRetryAfterFailure);
        Objects.requireNonNull(strategyGrace, "strategyGrace");
        if (strategyGrace.isNegative()) {
            throw new IllegalArgumentException("strategyGrace must not be negative");
        }
        if (recentMemories < 0 || recentMemories > MAX_RECENT_MEMORIES) {
            throw new IllegalArgumentException("recentMemories must be between 0 and " + MAX_RECENT_MEMORIES);
        }
    }

    public static PersonalizationPolicy defaults() {
        return new PersonalizationPolicy(Duration.ofMinutes(30), Duration.ofDays(30), Duration.ofMinutes(10),
                Duration.ofHours(1), Duration.ofMinutes(15), Duration.ofMinutes(2), 5, false, false);
    }

    public PersonalizationPolicy withIntentGating(boolean on) {
        return new PersonalizationPolicy(tradingSummaryCooldown, tagsCooldown, memoriesCooldown, capitalCooldown,
                capitalRetryAfterFailure, strategyGrace, recentMemories, on, intentModelPass);
    }

    public PersonalizationPolicy withIntentModelPass(boolean on) {
        return new PersonalizationPolicy(tradingSummaryCooldown, tagsCooldown, memoriesCooldown, capitalCooldown,
                capitalRetryAfterFailure, strategyGrace, recentMemories, intentGating, on);
    }

    public PersonalizationPolicy withRecentMemories(int n) {
        return new PersonalizationPolicy(tradingSummaryCooldown, tagsCooldown, memoriesCooldown, capitalCooldown,
                capitalRetryAfterFailure, strategyGrace, n, intentGating, intentModelPass);
    }

    public PersonalizationPolicy withCapital(Duration cooldown, Duration retryAfterFailure) {
        return new PersonalizationPolicy(tradingSummaryCooldown, tagsCooldown, memoriesCooldown, cooldown,
                retryAfterFailure, strategyGrace, recentMemories, intentGating, intentModelPass);
    }

    public PersonalizationPolicy withStrategyGrace(Duration grace) {
        return new PersonalizationPolicy(tradingSummaryCooldown, tagsCooldown, memoriesCooldown, capitalCooldown,
                capitalRetryAfterFailure, grace, recentMemories, intentGating, intentModelPass);
    }

    public PersonalizationPolicy withRebuildCooldowns(Duration tradingSummary, Duration tags, Duration memories) {
        return new PersonalizationPolicy(tradingSummary, tags, memories, capitalCooldown, capitalRetryAfterFailure,
                strategyGrace, recentMemories, intentGating, intentModelPass);
    }

    /** The cooldown of one rebuild flow. */
    public Duration cooldown(dev.strata.domain.personalization.RebuildKind kind) {
        return switch (kind) {
            case TRADING_SUMMARY -> tradingSummaryCooldown;
            case TAGS -> tagsCooldown;
            case MEMORIES -> memoriesCooldown;
        };
    }

    private static void positive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }
}
