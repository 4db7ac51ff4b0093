package dev.strata.application.learning;

import dev.strata.domain.learning.LearningPolicy;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

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
public record LearningLoopSettings(LearningPolicy policy, boolean miningEnabled, boolean modelMiningEnabled,
                                   boolean synthesisEnabled, boolean compiledPagesEnabled, boolean shadowMode,
                                   Duration pageCacheTtl, int pageCacheSize, int timelineSize, int minStatements,
                                   int minTrades, int miningWindow, int synthesisMinWins, int synthesisMaxProposals,
                                   int defaultListLimit, int maxListLimit) {

    public LearningLoopSettings {
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

    public static LearningLoopSettings defaults() {
        return new LearningLoopSettings(LearningPolicy.DEFAULTS, true, true, true, true, false, Duration.ofSeconds(60),
                256, 10, 3, 5, 200, 5, 3, 50, 500);
    }

    /** The policy outcomes are scored with: demotion applies only when it is enabled and not in shadow mode. */
    public LearningPolicy scoringPolicy() {
        return policy.withDemotion(policy.demotionEnabled() && !shadowMode);
    }

    public boolean demotionEnabled() {
        return policy.demotionEnabled();
    }

    public LearningLoopSettings withPolicy(LearningPolicy p) {
        return edit(d -> d.policy = p);
    }

    public LearningLoopSettings withDemotion(boolean enabled) {
        return withPolicy(policy.withDemotion(enabled));
    }

    public LearningLoopSettings withMining(boolean enabled, boolean modelEnabled) {
        return edit(d -> {
            d.miningEnabled = enabled;
            d.modelMiningEnabled = modelEnabled;
        });
    }

    public LearningLoopSettings withSynthesis(boolean enabled) {
        return edit(d -> d.synthesisEnabled = enabled);
    }

    public LearningLoopSettings withCompiledPages(boolean enabled) {
        return edit(d -> d.compiledPagesEnabled = enabled);
    }

    public LearningLoopSettings withShadowMode(boolean shadow) {
        return edit(d -> d.shadowMode = shadow);
    }

    public LearningLoopSettings withPageCache(Duration ttl, int size) {
        return edit(d -> {
            d.pageCacheTtl = ttl;
            d.pageCacheSize = size;
        });
    }

    public LearningLoopSettings withTimelineSize(int size) {
        return edit(d -> d.timelineSize = size);
    }

    public LearningLoopSettings withMiningThresholds(int statements, int trades, int window) {
        return edit(d -> {
            d.minStatements = statements;
            d.minTrades = trades;
            d.miningWindow = window;
        });
    }

    public LearningLoopSettings withSynthesisSizes(int minWins, int maxProposals) {
        return edit(d -> {
            d.synthesisMinWins = minWins;
            d.synthesisMaxProposals = maxProposals;
        });
    }

    public LearningLoopSettings withListLimits(int defaultLimit, int maxLimit) {
        return edit(d -> {
            d.defaultListLimit = defaultLimit;
            d.maxListLimit = maxLimit;
        });
    }

    /** The one place that copies every component: a wither names only what it changes. */
    private LearningLoopSettings edit(Consumer<Draft> change) {
        Draft draft = new Draft(this);
        change.accept(draft);
        return draft.settings();
    }

    /** A mutable copy for {@link #edit}; the settings it builds check themselves as any other. */
    private static final class Draft {
        private LearningPolicy policy;
        private boolean miningEnabled;
        private boolean modelMiningEnabled;
        private boolean synthesisEnabled;
        private boolean compiledPagesEnabled;
        private boolean shadowMode;
        private Duration pageCacheTtl;
        private int pageCacheSize;
        private int timelineSize;
        private int minStatements;
        private int minTrades;
        private int miningWindow;
        private int synthesisMinWins;
        private int synthesisMaxProposals;
        private int defaultListLimit;
        private int maxListLimit;

        private Draft(LearningLoopSettings s) {
            policy = s.policy;
            miningEnabled = s.miningEnabled;
            modelMiningEnabled = s.modelMiningEnabled;
            synthesisEnabled = s.synthesisEnabled;
            compiledPagesEnabled = s.compiledPagesEnabled;
            shadowMode = s.shadowMode;
            pageCacheTtl = s.pageCacheTtl;
            pageCacheSize = s.pageCacheSize;
            timelineSize = s.timelineSize;
            minStatements = s.minStatements;
            minTrades = s.minTrades;
            miningWindow = s.miningWindow;
            synthesisMinWins = s.synthesisMinWins;
            synthesisMaxProposals = s.synthesisMaxProposals;
            defaultListLimit = s.defaultListLimit;
            maxListLimit = s.maxListLimit;
        }

        private LearningLoopSettings settings() {
            return new LearningLoopSettings(policy, miningEnabled, modelMiningEnabled, synthesisEnabled,
                    compiledPagesEnabled, shadowMode, pageCacheTtl, pageCacheSize, timelineSize, minStatements,
                    minTrades, miningWindow, synthesisMinWins, synthesisMaxProposals, defaultListLimit, maxListLimit);
        }
    }
}
