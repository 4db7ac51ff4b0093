package dev.strata.application.retrieval;

import java.time.Duration;
import java.util.Objects;

/**
 * How searches embed their queries ({@link BoundedQueryEmbedder}).
 *
 * @param cacheSize     most query embeddings kept, least recently used dropped first; 0 switches the cache off
 *                      (evaluations and benchmarks, whose repeated queries would otherwise measure the cache)
 * @param maxConcurrent most queries embedded at once (one per core: a query's model runs on one inference thread
 *                      by default); more wait, since more at once only makes each slower
 * @param maxWait       the longest a query waits for its turn; past it the search answers from keywords alone
 */
public record QueryEmbeddingSettings(int cacheSize, int maxConcurrent, Duration maxWait) {

    public static final int DEFAULT_CACHE_SIZE = 1_024;

    public static final QueryEmbeddingSettings DEFAULTS = new QueryEmbeddingSettings(DEFAULT_CACHE_SIZE,
            Math.max(1, Runtime.getRuntime().availableProcessors()), Duration.ofSeconds(2));

    public QueryEmbeddingSettings {
        Objects.requireNonNull(maxWait, "maxWait");
        if (cacheSize < 0 || cacheSize > 1_000_000) {
            throw new IllegalArgumentException("cacheSize must be in [0, 1000000]: " + cacheSize);
        }
        if (maxConcurrent < 1 || maxConcurrent > 1_024) {
            throw new IllegalArgumentException("maxConcurrent must be in [1, 1024]: " + maxConcurrent);
        }
        if (maxWait.isNegative()) {
            throw new IllegalArgumentException("maxWait must not be negative: " + maxWait);
        }
    }

    /** The same bound without the cache. */
    public QueryEmbeddingSettings withoutCache() {
        return new QueryEmbeddingSettings(0, maxConcurrent, maxWait);
    }
}
