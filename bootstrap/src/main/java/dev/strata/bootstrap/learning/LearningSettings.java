package dev.strata.bootstrap.learning;

import dev.strata.application.learning.LearningLoopSettings;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;
import dev.strata.domain.learning.LearningPolicy;

import java.time.Duration;
import java.util.Objects;

/**
 * The finance learning loop: {@code strata.learning.*}. The thresholds, toggles and sizes are the
 * application's {@link LearningLoopSettings} (which check themselves); the job periods are the
 * module's.
 *
 * @param loop              scoring policy, feature toggles, shadow mode, cache and list sizes
 * @param synthesisInterval how often the synthesis job asks the model for new methodologies
 * @param miningInterval    how often preference mining visits every tenant
 * @param demotionInterval  how often the demotion sweep rescores every tenant's methodologies
 */
public record LearningSettings(LearningLoopSettings loop, Duration synthesisInterval, Duration miningInterval,
                               Duration demotionInterval) implements AreaSettings {

    static final ConfigKey Z = new ConfigKey("strata.learning.z", "STRATA_LEARNING_Z");
    static final ConfigKey INITIAL_CONFIDENCE =
            new ConfigKey("strata.learning.initial-confidence", "STRATA_LEARNING_INITIAL_CONFIDENCE");
    static final ConfigKey GRADUATION_CONFIDENCE =
            new ConfigKey("strata.learning.graduation-confidence", "STRATA_LEARNING_GRADUATION_CONFIDENCE");
    static final ConfigKey GRADUATION_MIN_USES =
            new ConfigKey("strata.learning.graduation-min-uses", "STRATA_LEARNING_GRADUATION_MIN_USES");
    static final ConfigKey DEMOTION_ENABLED =
            new ConfigKey("strata.learning.demotion-enabled", "STRATA_LEARNING_DEMOTION_ENABLED");
    static final ConfigKey DEMOTION_CONFIDENCE =
            new ConfigKey("strata.learning.demotion-confidence", "STRATA_LEARNING_DEMOTION_CONFIDENCE");
    static final ConfigKey DEMOTION_MIN_USES =
            new ConfigKey("strata.learning.demotion-min-uses", "STRATA_LEARNING_DEMOTION_MIN_USES");
    static final ConfigKey DEMOTION_INTERVAL =
            new ConfigKey("strata.learning.demotion-interval-minutes", "STRATA_LEARNING_DEMOTION_INTERVAL_MINUTES");
    static final ConfigKey MINING_ENABLED =
            new ConfigKey("strata.learning.mining-enabled", "STRATA_LEARNING_MINING_ENABLED");
    static final ConfigKey MINING_MODEL_ENABLED =
            new ConfigKey("strata.learning.mining-model-enabled", "STRATA_LEARNING_MINING_MODEL_ENABLED");
    static final ConfigKey MINING_MIN_STATEMENTS =
            new ConfigKey("strata.learning.mining-min-statements", "STRATA_LEARNING_MINING_MIN_STATEMENTS");
    static final ConfigKey MINING_MIN_TRADES =
            new ConfigKey("strata.learning.mining-min-trades", "STRATA_LEARNING_MINING_MIN_TRADES");
    static final ConfigKey MINING_WINDOW = new ConfigKey("strata.learning.mining-window", "STRATA_LEARNING_MINING_WINDOW");
    static final ConfigKey MINING_INTERVAL =
            new ConfigKey("strata.learning.mining-interval-minutes", "STRATA_LEARNING_MINING_INTERVAL_MINUTES");
    static final ConfigKey SYNTHESIS_ENABLED =
            new ConfigKey("strata.learning.synthesis-enabled", "STRATA_LEARNING_SYNTHESIS_ENABLED");
    static final ConfigKey SYNTHESIS_MIN_WINS =
            new ConfigKey("strata.learning.synthesis-min-wins", "STRATA_LEARNING_SYNTHESIS_MIN_WINS");
    static final ConfigKey SYNTHESIS_MAX_PROPOSALS =
            new ConfigKey("strata.learning.synthesis-max-proposals", "STRATA_LEARNING_SYNTHESIS_MAX_PROPOSALS");
    static final ConfigKey SYNTHESIS_INTERVAL =
            new ConfigKey("strata.learning.synthesis-interval-minutes", "STRATA_LEARNING_SYNTHESIS_INTERVAL_MINUTES");
    static final ConfigKey COMPILED_PAGES_ENABLED =
            new ConfigKey("strata.learning.compiled-pages-enabled", "STRATA_LEARNING_COMPILED_PAGES_ENABLED");
    static final ConfigKey COMPILED_PAGES_CACHE_TTL = new ConfigKey("strata.learning.compiled-pages-cache-ttl-seconds",
            "STRATA_LEARNING_COMPILED_PAGES_CACHE_TTL_SECONDS");
    static final ConfigKey COMPILED_PAGES_CACHE_SIZE = new ConfigKey("strata.learning.compiled-pages-cache-size",
            "STRATA_LEARNING_COMPILED_PAGES_CACHE_SIZE");
    static final ConfigKey COMPILED_PAGES_TIMELINE_SIZE = new ConfigKey("strata.learning.compiled-pages-timeline-size",
            "STRATA_LEARNING_COMPILED_PAGES_TIMELINE_SIZE");
    static final ConfigKey SHADOW_MODE = new ConfigKey("strata.learning.shadow-mode", "STRATA_LEARNING_SHADOW_MODE");
    static final ConfigKey LIST_DEFAULT_LIMIT =
            new ConfigKey("strata.learning.list-default-limit", "STRATA_LEARNING_LIST_DEFAULT_LIMIT");
    static final ConfigKey LIST_MAX_LIMIT = new ConfigKey("strata.learning.list-max-limit", "STRATA_LEARNING_LIST_MAX_LIMIT");

    public LearningSettings {
        Objects.requireNonNull(loop, "loop");
        requirePositive(SYNTHESIS_INTERVAL, synthesisInterval);
        requirePositive(MINING_INTERVAL, miningInterval);
        requirePositive(DEMOTION_INTERVAL, demotionInterval);
    }

    private static void requirePositive(ConfigKey key, Duration interval) {
        Objects.requireNonNull(interval, key.name());
        if (!interval.isPositive()) {
            throw key.invalid("positive", interval.toMinutes());
        }
    }

    /** The thresholds as one {@link LearningPolicy}, the toggles and sizes on the loop's defaults; each checks itself. */
    public static LearningSettings from(ConfigReader config) {
        double z = config.decimal(Z).doubleValue();
        double initial = config.decimal(INITIAL_CONFIDENCE).doubleValue();
        double graduation = config.decimal(GRADUATION_CONFIDENCE).doubleValue();
        long graduationUses = config.longValue(GRADUATION_MIN_USES);
        double demotion = config.decimal(DEMOTION_CONFIDENCE).doubleValue();
        long demotionUses = config.longValue(DEMOTION_MIN_USES);
        boolean demotionOn = config.bool(DEMOTION_ENABLED);
        LearningPolicy policy = ConfigKey.checking("strata.learning.z, initial-confidence, graduation-*, demotion-*",
                () -> new LearningPolicy(z, initial, graduation, graduationUses, demotion, demotionUses, demotionOn));

        boolean miningOn = config.bool(MINING_ENABLED);
        boolean modelMiningOn = config.bool(MINING_MODEL_ENABLED);
        int minStatements = config.integer(MINING_MIN_STATEMENTS);
        int minTrades = config.integer(MINING_MIN_TRADES);
        int window = config.integer(MINING_WINDOW);
        boolean synthesisOn = config.bool(SYNTHESIS_ENABLED);
        int minWins = config.integer(SYNTHESIS_MIN_WINS);
        int maxProposals = config.integer(SYNTHESIS_MAX_PROPOSALS);
        boolean pagesOn = config.bool(COMPILED_PAGES_ENABLED);
        Duration cacheTtl = config.seconds(COMPILED_PAGES_CACHE_TTL);
        int cacheSize = config.integer(COMPILED_PAGES_CACHE_SIZE);
        int timeline = config.integer(COMPILED_PAGES_TIMELINE_SIZE);
        boolean shadow = config.bool(SHADOW_MODE);
        int defaultLimit = config.integer(LIST_DEFAULT_LIMIT);
        int maxLimit = config.integer(LIST_MAX_LIMIT);
        LearningLoopSettings loop = ConfigKey.checking("strata.learning.mining-*, synthesis-*, compiled-pages-*, list-*",
                () -> LearningLoopSettings.defaults().withPolicy(policy).withShadowMode(shadow)
                        .withMining(miningOn, modelMiningOn).withMiningThresholds(minStatements, minTrades, window)
                        .withSynthesis(synthesisOn).withSynthesisSizes(minWins, maxProposals)
                        .withCompiledPages(pagesOn).withPageCache(cacheTtl, cacheSize).withTimelineSize(timeline)
                        .withListLimits(defaultLimit, maxLimit));
        return new LearningSettings(loop, config.minutes(SYNTHESIS_INTERVAL), config.minutes(MINING_INTERVAL),
                config.minutes(DEMOTION_INTERVAL));
    }

    public LearningSettings withLoop(LearningLoopSettings newLoop) {
        return new LearningSettings(newLoop, synthesisInterval, miningInterval, demotionInterval);
    }
}
