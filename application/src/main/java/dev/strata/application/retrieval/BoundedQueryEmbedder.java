package dev.strata.application.retrieval;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The embedder searches use: each query embedding takes one of {@code maxConcurrent} turns, and identical
 * queries (same model, same text) are answered from a small least-recently-used cache. Every search embeds
 * its query on the request thread; without a bound, 32 concurrent searches on two cores each got a 32nd of
 * the CPU and all finished late, identical ones included. A query that waits longer than {@code maxWait}
 * for its turn fails as unavailable, which the search answers from keywords alone.
 *
 * <p>Documents (the embedding worker's batches) pass through untouched. Thread-safe.
 */
public final class BoundedQueryEmbedder implements Embedder {

    /** What the cache and the bound have done since start. */
    public record Stats(long hits, long misses, long turnedAway, int size) {
    }

    private final Embedder delegate;
    private final QueryEmbeddingSettings settings;
    private final Semaphore turns;
    private final Map<String, Embedding> cache;
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();
    private final AtomicLong turnedAway = new AtomicLong();

    public BoundedQueryEmbedder(Embedder delegate, QueryEmbeddingSettings settings) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.turns = new Semaphore(settings.maxConcurrent(), true);
        int capacity = settings.cacheSize();
        this.cache = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Embedding> eldest) {
                return size() > capacity;
            }
        };
    }

    @Override
    public Optional<EmbeddingModelInfo> modelInfo() {
        return delegate.modelInfo();
    }

    @Override
    public boolean computesInProcess() {
        return delegate.computesInProcess();
    }

    @Override
    public boolean isEnabled() {
        return delegate.isEnabled();
    }

    @Override
    public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
        if (purpose == EmbeddingPurpose.QUERY && texts.size() == 1) {
            return List.of(embedQuery(texts.getFirst()));
        }
        return delegate.embed(texts, purpose);
    }

    @Override
    public Embedding embedQuery(String query) {
        Objects.requireNonNull(query, "query");
        String key = settings.cacheSize() == 0 ? null
                : delegate.modelInfo().map(EmbeddingModelInfo::modelId).orElse("") + '\u0000' + query;
        if (key != null) {
            Embedding cached = cached(key);
            if (cached != null) {
                hits.incrementAndGet();
                return cached;
            }
        }
        misses.incrementAndGet();
        Embedding embedding = embedInTurn(query);
        if (key != null) {
            synchronized (cache) {
                cache.put(key, embedding);
            }
        }
        return embedding;
    }

    @Override
    public List<Embedding> embedDocuments(List<String> documents) {
        return delegate.embedDocuments(documents);
    }

    public Stats stats() {
        synchronized (cache) {
            return new Stats(hits.get(), misses.get(), turnedAway.get(), cache.size());
        }
    }

    private Embedding cached(String key) {
        synchronized (cache) {
            return cache.get(key);
        }
    }

    private Embedding embedInTurn(String query) {
        boolean acquired;
        try {
            acquired = turns.tryAcquire(settings.maxWait().toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnavailableException("interrupted while waiting to embed the query", e);
        }
        if (!acquired) {
            turnedAway.incrementAndGet();
            throw new UnavailableException(settings.maxConcurrent() + " queries are being embedded and this one "
                    + "waited " + settings.maxWait().toMillis() + " ms for its turn");
        }
        try {
            return delegate.embedQuery(query);
        } finally {
            turns.release();
        }
    }
}
