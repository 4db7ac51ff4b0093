package dev.strata.bootstrap.retrieval;

import dev.strata.adapters.sqlite.SqliteVectorStore.InMemoryIndex;
import dev.strata.application.retrieval.SearchAdmission;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;
import dev.strata.domain.retrieval.AnswerLift;
import dev.strata.domain.retrieval.FusionSettings;
import dev.strata.domain.retrieval.PassageArm;
import dev.strata.domain.retrieval.TimeLift;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Search: every {@code strata.search.*} key, the fusion's and the SQLite keyword arm's alike.
 *
 * @param candidateDepth               rows each arm (BM25, vector) contributes to the fusion
 * @param keywordCandidates            the most FTS5 matches BM25 ranks per query (0: every match)
 * @param indexCompactionInterval      how often grown full-text indexes are merged back (zero: never)
 * @param indexCompactionGrowthPercent how much an index must have grown since its last compaction
 * @param fusion                       RRF k, arm weights, decay, MMR and neighbour context
 * @param timeLift                     how much a query's own time words lift the memories whose event time
 *                                     falls in them (0: off)
 * @param answerLift                   the share of a question's score the next memory of its sitting gains (0: off)
 * @param passage                      the passage arm: its weight in the fusion (0: off) and the BM25 weights of
 *                                     a memory's neighbours' words and its event date beside its own words (1)
 * @param vectorIndex                  whether the vector arm's KNN is answered from the in-memory quantised index,
 *                                     and the heap it may hold
 * @param admission                    how many searches run at once, and how long one waits for its turn
 */
public record SearchSettings(int candidateDepth, int keywordCandidates, Duration indexCompactionInterval,
                             int indexCompactionGrowthPercent, FusionSettings fusion, TimeLift timeLift,
                             AnswerLift answerLift, PassageArm passage, InMemoryIndex vectorIndex,
                             Admission admission) implements AreaSettings {

    /**
     * The server's bound on concurrent searches ({@link SearchAdmission}).
     *
     * @param perCore turns per core (0: no bound)
     * @param maxWait the longest a search waits for its turn before it is answered 503
     */
    public record Admission(int perCore, Duration maxWait) {

        /** Three per core, waiting at most 30 s: what {@code application.yaml} ships. */
        public static final Admission DEFAULT = new Admission(3, Duration.ofSeconds(30));

        public Admission {
            Objects.requireNonNull(maxWait, "maxWait");
            if (perCore < 0 || perCore > 64) {
                throw MAX_CONCURRENT_PER_CORE.invalid("in [0, 64]", perCore);
            }
            if (maxWait.isNegative() || maxWait.compareTo(Duration.ofMinutes(10)) > 0) {
                throw MAX_WAIT.invalid("in [0, 600000]", maxWait.toMillis());
            }
        }

        /** The bound itself, sized to this machine's cores. */
        public SearchAdmission bound() {
            return SearchAdmission.perCore(perCore, maxWait);
        }
    }

    static final ConfigKey CANDIDATE_DEPTH = new ConfigKey("strata.search.candidate-depth", "STRATA_SEARCH_CANDIDATE_DEPTH");
    static final ConfigKey KEYWORD_CANDIDATES =
            new ConfigKey("strata.search.keyword-candidates", "STRATA_SEARCH_KEYWORD_CANDIDATES");
    static final ConfigKey COMPACTION_INTERVAL = new ConfigKey("strata.search.index-compaction-interval-seconds",
            "STRATA_SEARCH_INDEX_COMPACTION_INTERVAL_SECONDS");
    static final ConfigKey COMPACTION_GROWTH = new ConfigKey("strata.search.index-compaction-growth-percent",
            "STRATA_SEARCH_INDEX_COMPACTION_GROWTH_PERCENT");
    static final ConfigKey RRF_K = new ConfigKey("strata.search.rrf-k", "STRATA_SEARCH_RRF_K");
    static final ConfigKey KEYWORD_WEIGHT = new ConfigKey("strata.search.keyword-weight", "STRATA_SEARCH_KEYWORD_WEIGHT");
    static final ConfigKey VECTOR_WEIGHT = new ConfigKey("strata.search.vector-weight", "STRATA_SEARCH_VECTOR_WEIGHT");
    static final ConfigKey TEMPORAL_DECAY = new ConfigKey("strata.search.temporal-decay", "STRATA_SEARCH_TEMPORAL_DECAY");
    static final ConfigKey MMR = new ConfigKey("strata.search.mmr", "STRATA_SEARCH_MMR");
    static final ConfigKey NEIGHBOUR_WEIGHT =
            new ConfigKey("strata.search.neighbour-weight", "STRATA_SEARCH_NEIGHBOUR_WEIGHT");
    static final ConfigKey NEIGHBOUR_WINDOW =
            new ConfigKey("strata.search.neighbour-window", "STRATA_SEARCH_NEIGHBOUR_WINDOW");
    static final ConfigKey NEIGHBOUR_GAP =
            new ConfigKey("strata.search.neighbour-gap-minutes", "STRATA_SEARCH_NEIGHBOUR_GAP_MINUTES");
    static final ConfigKey VECTOR_MIN_SIMILARITY =
            new ConfigKey("strata.search.vector-min-similarity", "STRATA_SEARCH_VECTOR_MIN_SIMILARITY");
    static final ConfigKey VECTOR_SOLO_MIN_SIMILARITY =
            new ConfigKey("strata.search.vector-solo-min-similarity", "STRATA_SEARCH_VECTOR_SOLO_MIN_SIMILARITY");
    static final ConfigKey TIME_LIFT_WEIGHT =
            new ConfigKey("strata.search.time-lift-weight", "STRATA_SEARCH_TIME_LIFT_WEIGHT");
    static final ConfigKey ANSWER_LIFT_WEIGHT =
            new ConfigKey("strata.search.answer-lift-weight", "STRATA_SEARCH_ANSWER_LIFT_WEIGHT");
    static final ConfigKey VECTOR_SIMILARITY_WINDOW =
            new ConfigKey("strata.search.vector-similarity-window", "STRATA_SEARCH_VECTOR_SIMILARITY_WINDOW");
    static final ConfigKey VECTOR_INDEX = new ConfigKey("strata.search.vector-index", "STRATA_SEARCH_VECTOR_INDEX");
    static final ConfigKey VECTOR_INDEX_BUDGET =
            new ConfigKey("strata.search.vector-index-budget-mb", "STRATA_SEARCH_VECTOR_INDEX_BUDGET_MB");

    static final ConfigKey PASSAGE_WEIGHT = new ConfigKey("strata.search.passage-weight", "STRATA_SEARCH_PASSAGE_WEIGHT");
    static final ConfigKey PASSAGE_NEIGHBOUR_WEIGHT =
            new ConfigKey("strata.search.passage-neighbour-weight", "STRATA_SEARCH_PASSAGE_NEIGHBOUR_WEIGHT");
    static final ConfigKey PASSAGE_DATE_WEIGHT =
            new ConfigKey("strata.search.passage-date-weight", "STRATA_SEARCH_PASSAGE_DATE_WEIGHT");
    static final ConfigKey MAX_CONCURRENT_PER_CORE =
            new ConfigKey("strata.search.max-concurrent-per-core", "STRATA_SEARCH_MAX_CONCURRENT_PER_CORE");
    static final ConfigKey MAX_WAIT = new ConfigKey("strata.search.max-wait-ms", "STRATA_SEARCH_MAX_WAIT_MS");

    /** Without the passage arm and the answer lift (as before they existed), with the default in-memory vector index. */
    public SearchSettings(int candidateDepth, int keywordCandidates, Duration indexCompactionInterval,
                          int indexCompactionGrowthPercent, FusionSettings fusion, TimeLift timeLift) {
        this(candidateDepth, keywordCandidates, indexCompactionInterval, indexCompactionGrowthPercent, fusion, timeLift,
                AnswerLift.OFF, PassageArm.OFF, InMemoryIndex.DEFAULT, Admission.DEFAULT);
    }

    public SearchSettings {
        Objects.requireNonNull(passage, "passage");
        Objects.requireNonNull(indexCompactionInterval, "indexCompactionInterval");
        Objects.requireNonNull(fusion, "fusion");
        Objects.requireNonNull(timeLift, "timeLift");
        Objects.requireNonNull(answerLift, "answerLift");
        Objects.requireNonNull(vectorIndex, "vectorIndex");
        Objects.requireNonNull(admission, "admission");
        if (candidateDepth < 1 || candidateDepth > 1000) {
            throw CANDIDATE_DEPTH.invalid("in [1, 1000]", candidateDepth);
        }
        if (keywordCandidates < 0) {
            throw KEYWORD_CANDIDATES.invalid("0 (every match) or positive", keywordCandidates);
        }
        if (indexCompactionInterval.isNegative()) {
            throw COMPACTION_INTERVAL.invalid("0 (never) or positive", indexCompactionInterval.toSeconds());
        }
        if (indexCompactionGrowthPercent < 1) {
            throw COMPACTION_GROWTH.invalid("positive", indexCompactionGrowthPercent);
        }
    }

    /** The fusion is the ranker's defaults with what is configured; its invariants check the configured values. */
    public static SearchSettings from(ConfigReader config) {
        int rrfK = config.integer(RRF_K);
        double keywordWeight = config.decimal(KEYWORD_WEIGHT).doubleValue();
        double vectorWeight = config.decimal(VECTOR_WEIGHT).doubleValue();
        boolean decay = config.bool(TEMPORAL_DECAY);
        boolean mmr = config.bool(MMR);
        double neighbourWeight = config.decimal(NEIGHBOUR_WEIGHT).doubleValue();
        int neighbourWindow = config.integer(NEIGHBOUR_WINDOW);
        Duration neighbourGap = config.minutes(NEIGHBOUR_GAP);
        // Empty: the embedding model's measured floor (SimilarityFloor).
        OptionalDouble minSimilarity = similarity(config, VECTOR_MIN_SIMILARITY, false);
        OptionalDouble soloMinSimilarity = similarity(config, VECTOR_SOLO_MIN_SIMILARITY, false);
        OptionalDouble window = similarity(config, VECTOR_SIMILARITY_WINDOW, true);
        FusionSettings fusion = ConfigKey.checking("strata.search.rrf-k, *-weight, neighbour-*",
                () -> FusionSettings.defaults().withRrfK(rrfK).withArmWeights(keywordWeight, vectorWeight)
                        .withTemporalDecay(decay).withMmr(mmr)
                        .withNeighbourContext(neighbourWeight, neighbourWindow, neighbourGap)
                        .withVectorMinSimilarity(minSimilarity).withVectorSoloMinSimilarity(soloMinSimilarity)
                        .withVectorSimilarityWindow(window));
        double lift = config.decimal(TIME_LIFT_WEIGHT).doubleValue();
        if (!(lift >= 0 && lift <= TimeLift.MAX_WEIGHT)) {
            throw TIME_LIFT_WEIGHT.invalid("in [0, " + (int) TimeLift.MAX_WEIGHT + "]", lift);
        }
        double answerLift = config.decimal(ANSWER_LIFT_WEIGHT).doubleValue();
        if (!(answerLift >= 0 && answerLift <= AnswerLift.MAX_WEIGHT)) {
            throw ANSWER_LIFT_WEIGHT.invalid("in [0, " + (int) AnswerLift.MAX_WEIGHT + "]", answerLift);
        }
        int budget = config.integer(VECTOR_INDEX_BUDGET);
        if (budget < 1 || budget > 65_536) {
            throw VECTOR_INDEX_BUDGET.invalid("in [1, 65536]", budget);
        }
        return new SearchSettings(config.integer(CANDIDATE_DEPTH), config.integer(KEYWORD_CANDIDATES),
                config.seconds(COMPACTION_INTERVAL), config.integer(COMPACTION_GROWTH), fusion, new TimeLift(lift),
                new AnswerLift(answerLift), passage(config), new InMemoryIndex(config.bool(VECTOR_INDEX), budget),
                new Admission(config.integer(MAX_CONCURRENT_PER_CORE), config.millis(MAX_WAIT)));
    }

    /** The passage arm's three weights, each in [0, 10]; a memory's own words weigh 1. */
    private static PassageArm passage(ConfigReader config) {
        double weight = passageWeight(config, PASSAGE_WEIGHT);
        double neighbours = passageWeight(config, PASSAGE_NEIGHBOUR_WEIGHT);
        double date = passageWeight(config, PASSAGE_DATE_WEIGHT);
        return new PassageArm(weight, 1, neighbours, date);
    }

    private static double passageWeight(ConfigReader config, ConfigKey key) {
        double value = config.decimal(key).doubleValue();
        if (!(value >= 0 && value <= 10)) {
            throw key.invalid("in [0, 10]", value);
        }
        return value;
    }

    /** A similarity floor in [0, 1), or a window in (0, 2]; empty when left empty. */
    private static OptionalDouble similarity(ConfigReader config, ConfigKey key, boolean window) {
        return config.optionalDecimal(key).map(v -> {
            double value = v.doubleValue();
            if (window ? !(value > 0 && value <= 2) : !(value >= 0 && value < 1)) {
                throw key.invalid(window ? "in (0, 2]" : "in [0, 1)", v.toPlainString());
            }
            return OptionalDouble.of(value);
        }).orElse(OptionalDouble.empty());
    }

    /** The same settings with index compaction every {@code interval} ({@link Duration#ZERO}: never). */
    public SearchSettings withIndexCompactionInterval(Duration interval) {
        return new SearchSettings(candidateDepth, keywordCandidates, interval, indexCompactionGrowthPercent, fusion,
                timeLift, answerLift, passage, vectorIndex, admission);
    }

    /** The same settings with another lift for a query's time words. */
    public SearchSettings withTimeLift(TimeLift lift) {
        return new SearchSettings(candidateDepth, keywordCandidates, indexCompactionInterval,
                indexCompactionGrowthPercent, fusion, lift, answerLift, passage, vectorIndex, admission);
    }

    /** The same settings with another share for the memory after a question. */
    public SearchSettings withAnswerLift(AnswerLift lift) {
        return new SearchSettings(candidateDepth, keywordCandidates, indexCompactionInterval,
                indexCompactionGrowthPercent, fusion, timeLift, lift, passage, vectorIndex, admission);
    }

    /** The same settings with another passage arm. */
    public SearchSettings withPassage(PassageArm arm) {
        return new SearchSettings(candidateDepth, keywordCandidates, indexCompactionInterval,
                indexCompactionGrowthPercent, fusion, timeLift, answerLift, arm, vectorIndex, admission);
    }

    /** The same settings with another bound on concurrent searches. */
    public SearchSettings withAdmission(Admission bound) {
        return new SearchSettings(candidateDepth, keywordCandidates, indexCompactionInterval,
                indexCompactionGrowthPercent, fusion, timeLift, answerLift, passage, vectorIndex, bound);
    }

    /** The same settings with the in-memory vector index as given (the benchmark compares it with vec0's scan). */
    public SearchSettings withVectorIndex(InMemoryIndex index) {
        return new SearchSettings(candidateDepth, keywordCandidates, indexCompactionInterval,
                indexCompactionGrowthPercent, fusion, timeLift, answerLift, passage, index, admission);
    }
}
