package dev.strata.application.retrieval;

import dev.strata.domain.chunking.Chunker;

import java.time.Duration;
import java.util.Objects;

/**
 * How the embedding worker runs.
 *
 * @param queueCapacity bound of the in-memory queue; a write that finds it full stays pending for reindex
 * @param batchSize     most memories embedded in one model call
 * @param minChars      content shorter than this (stripped) is not embedded: {@code skipped}
 * @param chunker       how long contents are split into chunk-level vectors
 * @param yield         how the worker gives way to requests (writes and searches)
 * @param query         how searches embed their queries: the bound on concurrent ones and their cache
 * @param backlogShare  the CPU the worker is guaranteed while a backlog waits
 */
public record EmbeddingSettings(int queueCapacity, int batchSize, int minChars, Chunker chunker, Yield yield,
                                QueryEmbeddingSettings query, BacklogShare backlogShare) {

    public static final EmbeddingSettings DEFAULTS = new EmbeddingSettings(10_000, 32, 3, Chunker.defaults(),
            Yield.DEFAULT);

    /**
     * Before each batch the worker waits until no write has arrived for {@code quiet}, but at most
     * {@code maxWait}, and never so long that it computes less than {@code minSharePercent} of the wall-clock
     * time: after a batch that took {@code d}, the next waits at most {@code d * (100 - share) / share}. A zero
     * {@code quiet} switches the yielding off.
     */
    public record Yield(Duration quiet, Duration maxWait, int minSharePercent) {

        /** Half the worker's wall-clock time is guaranteed to it, however steadily requests arrive. */
        public static final int DEFAULT_MIN_SHARE_PERCENT = 50;
        /** A burst of writes is over after a quarter second; a batch waits two seconds at most. */
        public static final Yield DEFAULT = new Yield(Duration.ofMillis(250), Duration.ofMillis(2_000));
        public static final Yield OFF = new Yield(Duration.ZERO, Duration.ZERO);

        public Yield {
            Objects.requireNonNull(quiet, "quiet");
            Objects.requireNonNull(maxWait, "maxWait");
            if (quiet.isNegative() || maxWait.isNegative()) {
                throw new IllegalArgumentException("yield durations must not be negative: " + quiet + ", " + maxWait);
            }
            if (minSharePercent < 1 || minSharePercent > 100) {
                throw new IllegalArgumentException("the minimum share must be in [1, 100] percent, was "
                        + minSharePercent);
            }
        }

        /** With the default minimum share. */
        public Yield(Duration quiet, Duration maxWait) {
            this(quiet, maxWait, DEFAULT_MIN_SHARE_PERCENT);
        }

        public boolean enabled() {
            return !quiet.isZero() && !maxWait.isZero();
        }
    }

    /**
     * While at least {@code rows} memories wait for their vectors, the worker stops yielding to requests and
     * computes on as many threads as it takes to use {@code cpuPercent} of the machine's cores; below half of
     * {@code rows} it yields again, on one thread. A {@code cpuPercent} of 0 switches the share off.
     */
    public record BacklogShare(long rows, int cpuPercent) {

        /**
         * Five thousand rows: half a minute of embedding on one idle core, a lag the worker catches up in the
         * next quiet moment; beyond it, two fifths of the CPU, what the worker needed to out-embed 32 clients'
         * writes on two cores (see the README's "Load").
         */
        public static final BacklogShare DEFAULT = new BacklogShare(5_000, 40);
        public static final BacklogShare OFF = new BacklogShare(5_000, 0);

        public BacklogShare {
            if (rows < 1) {
                throw new IllegalArgumentException("the backlog share's rows must be at least 1: " + rows);
            }
            if (cpuPercent < 0 || cpuPercent > 100) {
                throw new IllegalArgumentException("the backlog share's CPU must be in [0, 100] percent, was "
                        + cpuPercent);
            }
        }

        public boolean enabled() {
            return cpuPercent > 0;
        }
    }

    /** With the default backlog share. */
    public EmbeddingSettings(int queueCapacity, int batchSize, int minChars, Chunker chunker, Yield yield,
                             QueryEmbeddingSettings query) {
        this(queueCapacity, batchSize, minChars, chunker, yield, query, BacklogShare.DEFAULT);
    }

    /** Without yielding to requests. */
    public EmbeddingSettings(int queueCapacity, int batchSize, int minChars, Chunker chunker) {
        this(queueCapacity, batchSize, minChars, chunker, Yield.OFF);
    }

    /** With the default query bound and cache. */
    public EmbeddingSettings(int queueCapacity, int batchSize, int minChars, Chunker chunker, Yield yield) {
        this(queueCapacity, batchSize, minChars, chunker, yield, QueryEmbeddingSettings.DEFAULTS);
    }

    /** The same settings with another way of embedding queries (evaluations switch the cache off). */
    public EmbeddingSettings withQuery(QueryEmbeddingSettings q) {
        return new EmbeddingSettings(queueCapacity, batchSize, minChars, chunker, yield, q, backlogShare);
    }

    /** The same settings with another backlog share. */
    public EmbeddingSettings withBacklogShare(BacklogShare share) {
        return new EmbeddingSettings(queueCapacity, batchSize, minChars, chunker, yield, query, share);
    }

    public EmbeddingSettings {
        Objects.requireNonNull(chunker, "chunker");
        Objects.requireNonNull(yield, "yield");
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(backlogShare, "backlogShare");
        if (queueCapacity < 1) {
            throw new IllegalArgumentException("queueCapacity must be at least 1: " + queueCapacity);
        }
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1: " + batchSize);
        }
        if (minChars < 0) {
            throw new IllegalArgumentException("minChars must not be negative: " + minChars);
        }
    }
}
