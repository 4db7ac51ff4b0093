package dev.strata.application.personalization.rebuild;

import java.time.Duration;
import java.util.Objects;

/**
 * spec 04 "Configuration" ({@code financial-profile-config.ts}): the cooldown of each flow
 * ({@code memoriesCooldownMs} 10 minutes, {@code tradingSummaryCooldownMs} 30 minutes,
 * {@code tagsCooldownMs} 30 days), the markets updater's period (24 hours) and the shortest gap
 * after which off-agent activity may nudge it (1 hour), the trading summary's gate (new items
 * across the three sources), the bounds of one run's input, and {@code rebuildOnBoot} (false).
 * {@code enabled} false is {@code MINARA_PERSONALIZATION_REBUILD=disabled}.
 */
public record RebuildPolicy(boolean enabled, Duration memoriesCooldown, Duration tradingSummaryCooldown,
                              Duration tagsCooldown, Duration marketsInterval, Duration marketsNudgeCooldown,
                              int tradingSummaryThreshold, int maxMessages, int maxSourceItems, int maxFacts,
                              boolean rebuildOnBoot) {

    public static RebuildPolicy defaults() {
        return new RebuildPolicy(true, Duration.ofMinutes(10), Duration.ofMinutes(30), Duration.ofDays(30),
                Duration.ofHours(24), Duration.ofHours(1), 1, 200, 100, 20, false);
    }

    public RebuildPolicy {
        for (Duration d : new Duration[] {memoriesCooldown, tradingSummaryCooldown, tagsCooldown, marketsInterval,
                marketsNudgeCooldown}) {
            Objects.requireNonNull(d, "cooldown");
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("cooldowns and intervals must be positive");
            }
        }
        if (tradingSummaryThreshold < 1 || maxMessages < 1 || maxSourceItems < 1 || maxFacts < 1) {
            throw new IllegalArgumentException("the threshold and the input bounds must be positive");
        }
    }

    public RebuildPolicy withEnabled(boolean value) {
        return new RebuildPolicy(value, memoriesCooldown, tradingSummaryCooldown, tagsCooldown, marketsInterval,
                marketsNudgeCooldown, tradingSummaryThreshold, maxMessages, maxSourceItems, maxFacts, rebuildOnBoot);
    }

    /** The three flows' cooldowns, as the personalization area configures them. */
    public RebuildPolicy withCooldowns(Duration tradingSummary, Duration tags, Duration memories) {
        return new RebuildPolicy(enabled, memories, tradingSummary, tags, marketsInterval, marketsNudgeCooldown,
                tradingSummaryThreshold, maxMessages, maxSourceItems, maxFacts, rebuildOnBoot);
    }

    public RebuildPolicy withTradingSummaryThreshold(int value) {
        return new RebuildPolicy(enabled, memoriesCooldown, tradingSummaryCooldown, tagsCooldown, marketsInterval,
                marketsNudgeCooldown, value, maxMessages, maxSourceItems, maxFacts, rebuildOnBoot);
    }

    public RebuildPolicy withMaxMessages(int value) {
        return new RebuildPolicy(enabled, memoriesCooldown, tradingSummaryCooldown, tagsCooldown, marketsInterval,
                marketsNudgeCooldown, tradingSummaryThreshold, value, maxSourceItems, maxFacts, rebuildOnBoot);
    }

    public RebuildPolicy withMaxSourceItems(int value) {
        return new RebuildPolicy(enabled, memoriesCooldown, tradingSummaryCooldown, tagsCooldown, marketsInterval,
                marketsNudgeCooldown, tradingSummaryThreshold, maxMessages, value, maxFacts, rebuildOnBoot);
    }

    public RebuildPolicy withRebuildOnBoot(boolean value) {
        return new RebuildPolicy(enabled, memoriesCooldown, tradingSummaryCooldown, tagsCooldown, marketsInterval,
                marketsNudgeCooldown, tradingSummaryThreshold, maxMessages, maxSourceItems, maxFacts, value);
    }
}
