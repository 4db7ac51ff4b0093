package dev.strata.application.learning;

import dev.strata.domain.learning.LearningPolicy;

import java.time.Duration;
import java.util.Objects;

/**
 * The learning loop's configuration: the scoring policy (thresholds), one toggle per learning
 * feature, shadow mode and the sizes the use cases work with. Built with {@link #defaults()} and
 * the named withers; the bootstrap reads {@code strata.learning.*} into it.
 *
 * <p>Shadow mode: the loop computes and records (audit rows), but nothing it produces is injected
 * or surfaced: mining and synthesis write audit rows instead of proposals, automatic demotion is
 * recorded instead of applied, an approved preference is not promoted to a memory, and compiled
 * pages show no compiled truth. Explicit acts (create, approve, quarantine, outcomes) still apply.
 */
public record LearningSettings(LearningPolicy policy, boolean miningEnabled, boolean modelMiningEnabled,
                               boolean synthesisEnabled, boolean compiledPagesEnabled, boolean shadowMode,
                               Duration pageCacheTtl, int pageCacheSize, int timelineSize, int minStatements,
                               int minTrades, int miningWindow, int synthesisMinWins, int synthesisMaxProposals,
                               int defaultListLimit, int maxListLimit) {

    public LearningSettings {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(pageCacheTtl, "pageCacheTtl");
        if (pageCacheTtl.isNegative()) {
            throw new IllegalArgumentException("pageCacheTtl must not be negative");
        }
        if (pageCacheSize < 0 || timelineSize < 0) {
            throw new IllegalArgumentException("pageCacheSize and timelineSize must not be negative");
        }
        if (minStatements < 2 || minTrades < 2) {
            throw new IllegalArgumentException("mining needs repeated observations: minimums must be at least 2");
        }
        if (miningWindow < 1 || synthesisMinWins < 1 || synthesisMaxProposals < 1) {
            throw new IllegalArgumentException("mining window and synthesis sizes must be positive");
        }
        if (defaultListLimit < 1 || defaultListLimit > maxListLimit) {
            throw new IllegalArgumentException("defaultListLimit must be within 1..maxListLimit");
        }
    }

    public static LearningSettings defaults() {
        return new LearningSettings(LearningPolicy.DEFAULTS, true, true, true, true, false, Duration.ofSeconds(60), 256,
                10, 3, 5, 200, 5, 3, 50, 500);
    }

    /** The policy outcomes are scored with: demotion applies only when it is enabled and not in shadow mode. */
    public LearningPolicy scoringPolicy() {
        return policy.withDemotion(policy.demotionEnabled() && !shadowMode);
    }

    public boolean demotionEnabled() {
        return policy.demotionEnabled();
    }

    public LearningSettings withPolicy(LearningPolicy p) {
        return new LearningSettings(p, miningEnabled, modelMiningEnabled, synthesisEnabled, compiledPagesEnabled,
                shadowMode, pageCacheTtl, pageCacheSize, timelineSize, minStatements, minTrades, miningWindow,
                synthesisMinWins, synthesisMaxProposals, defaultListLimit, maxListLimit);
    }

    public LearningSettings withDemotion(boolean enabled) {
        return withPolicy(policy.withDemotion(enabled));
    }

    public LearningSettings withMining(boolean enabled, boolean modelEnabled) {
        return new LearningSettings(policy, enabled, modelEnabled, synthesisEnabled, compiledPagesEnabled, shadowMode,
                pageCacheTtl, pageCacheSize, timelineSize, minStatements, minTrades, miningWindow, synthesisMinWins,
                synthesisMaxProposals, defaultListLimit, maxListLimit);
    }

    public LearningSettings withSynthesis(boolean enabled) {
        return new LearningSettings(policy, miningEnabled, modelMiningEnabled, enabled, compiledPagesEnabled, shadowMode,
                pageCacheTtl, pageCacheSize, timelineSize, minStatements, minTrades, miningWindow, synthesisMinWins,
                synthesisMaxProposals, defaultListLimit, maxListLimit);
    }

    public LearningSettings withCompiledPages(boolean enabled) {
        return new LearningSettings(policy, miningEnabled, modelMiningEnabled, synthesisEnabled, enabled, shadowMode,
                pageCacheTtl, pageCacheSize, timelineSize, minStatements, minTrades, miningWindow, synthesisMinWins,
                synthesisMaxProposals, defaultListLimit, maxListLimit);
    }

    public LearningSettings withShadowMode(boolean shadow) {
        return new LearningSettings(policy, miningEnabled, modelMiningEnabled, synthesisEnabled, compiledPagesEnabled,
                shadow, pageCacheTtl, pageCacheSize, timelineSize, minStatements, minTrades, miningWindow,
                synthesisMinWins, synthesisMaxProposals, defaultListLimit, maxListLimit);
    }

    public LearningSettings withPageCache(Duration ttl, int size) {
        return new LearningSettings(policy, miningEnabled, modelMiningEnabled, synthesisEnabled, compiledPagesEnabled,
                shadowMode, ttl, size, timelineSize, minStatements, minTrades, miningWindow, synthesisMinWins,
                synthesisMaxProposals, defaultListLimit, maxListLimit);
    }

    public LearningSettings withMiningThresholds(int statements, int trades, int window) {
        return new LearningSettings(policy, miningEnabled, modelMiningEnabled, synthesisEnabled, compiledPagesEnabled,
                shadowMode, pageCacheTtl, pageCacheSize, timelineSize, statements, trades, window, synthesisMinWins,
                synthesisMaxProposals, defaultListLimit, maxListLimit);
    }

    public LearningSettings withSynthesisSizes(int minWins, int maxProposals) {
        return new LearningSettings(policy, miningEnabled, modelMiningEnabled, synthesisEnabled, compiledPagesEnabled,
                shadowMode, pageCacheTtl, pageCacheSize, timelineSize, minStatements, minTrades, miningWindow, minWins,
                maxProposals, defaultListLimit, maxListLimit);
    }

    public LearningSettings withTimelineSize(int size) {
        return new LearningSettings(policy, miningEnabled, modelMiningEnabled, synthesisEnabled, compiledPagesEnabled,
                shadowMode, pageCacheTtl, pageCacheSize, size, minStatements, minTrades, miningWindow, synthesisMinWins,
                synthesisMaxProposals, defaultListLimit, maxListLimit);
    }
}
