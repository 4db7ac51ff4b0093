package dev.strata.adapters.sqlite.vec;

import dev.strata.domain.languagemodel.Embedding;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The KNN of a {@link SqliteVectorIndex} answered from memory: per tenant, the vectors quantised
 * ({@link QuantizedVectors}: binary codes for a Hamming shortlist, int8 copies to re-score it), and the
 * final candidates re-scored exactly from the float vectors in SQLite ({@link ExactVectors}, the copy beside
 * vec0, which stays the durable store and the fallback). vec0 0.1 scans every float vector of the tenant per
 * query (0.1-0.2 s at 100k vectors on two loaded cores); this scans 48 bytes a vector, re-scores a few
 * thousand in int8, and reads the floats of the last few dozen.
 *
 * <p><b>Consistency.</b> A tenant is loaded on its first search. Before each search the tenant's
 * {@link VectorChangeLog} is read from its last applied sequence number: every write to the vector table,
 * by this process or another (the CLI), on any path, records its memory there in its own transaction, so
 * the memories changed since are re-read from SQLite and applied before the search (a reload when very
 * many changed). Writes rolled back never reach the log, hence never the cache. Tenants never share an
 * entry: each is loaded from and searched in its own partition only.
 *
 * <p><b>Memory.</b> A tenant costs {@link QuantizedVectors#bytesPerVector} per chunk vector (about 470
 * bytes at 384 dimensions: 47 MB per 100k). The loaded tenants are held within a budget; past it the least
 * recently searched ones are dropped (and reloaded when searched again). A tenant larger than the whole
 * budget is not cached: its searches answer {@link Optional#empty()} and the caller scans with vec0.
 */
public final class QuantizedVectorIndex {

    private static final System.Logger LOG = System.getLogger(QuantizedVectorIndex.class.getName());

    /** Chunks in the Hamming shortlist per memory asked for (10x vec0's 4 chunks per memory). */
    static final int SHORTLIST_PER_MEMORY = 40;
    /** Least shortlist, so that a small limit still re-scores enough to rank its few memories right. */
    static final int MIN_SHORTLIST = 400;
    /**
     * Changes applied one by one before a catch-up reloads the tenant instead: each costs a few point lookups,
     * a reload reads the tenant's storage sequentially (about a second per 100k vectors).
     */
    static final int MAX_CATCH_UP = 2_000;

    private final SqliteVectorIndex index;
    private final long budgetBytes;
    private final int shortlistPerMemory;
    private final Map<String, Entry> tenants = new ConcurrentHashMap<>();
    private final Set<String> tooLarge = ConcurrentHashMap.newKeySet();
    private final AtomicLong clock = new AtomicLong();
    private final AtomicLong loads = new AtomicLong();

    public QuantizedVectorIndex(SqliteVectorIndex index, long budgetBytes) {
        this(index, budgetBytes, SHORTLIST_PER_MEMORY);
    }

    QuantizedVectorIndex(SqliteVectorIndex index, long budgetBytes, int shortlistPerMemory) {
        this.index = Objects.requireNonNull(index, "index");
        if (budgetBytes <= 0) {
            throw new IllegalArgumentException("budget must be positive, was " + budgetBytes);
        }
        if (shortlistPerMemory < 1) {
            throw new IllegalArgumentException("shortlist per memory must be positive, was " + shortlistPerMemory);
        }
        this.budgetBytes = budgetBytes;
        this.shortlistPerMemory = shortlistPerMemory;
    }

    /**
     * The {@code limit} memories of {@code tenant} nearest to {@code query}, closest first, each by its best
     * chunk with its exact cosine distance; empty when the tenant is too large to hold in the budget (the
     * caller then asks vec0).
     */
    public Optional<List<VectorHit>> nearest(Connection connection, String tenant, Embedding query, int limit)
            throws SQLException {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(query, "query");
        if (query.dimension() != index.dimension()) {
            throw new IllegalArgumentException("vector has " + query.dimension() + " dimensions, the index holds "
                    + index.dimension());
        }
        if (limit <= 0) {
            throw new IllegalArgumentException("limit must be positive, was " + limit);
        }
        if (tooLarge.contains(tenant)) {
            return Optional.empty();
        }
        Entry entry = current(connection, tenant);
        if (entry == null) {
            return Optional.empty();
        }
        Map<Long, Integer> memories = shortlist(entry, query.vector(), limit);
        return Optional.of(rescore(connection, tenant, query.vector(), memories, limit));
    }

    /** How many times a tenant was loaded from storage (first search, eviction, many changes): for tests. */
    long loads() {
        return loads.get();
    }

    /** Heap held by the loaded tenants. */
    public long residentBytes() {
        long total = 0;
        for (Entry e : tenants.values()) {
            total += e.bytes();
        }
        return total;
    }

    /** The tenants currently held in memory. */
    Set<String> loadedTenants() {
        return Set.copyOf(tenants.keySet());
    }

    /**
     * The tenant's entry, loaded if absent and caught up with the change log; null when it does not fit the
     * budget.
     */
    private Entry current(Connection c, String tenant) throws SQLException {
        Entry entry = tenants.computeIfAbsent(tenant, t -> new Entry());
        entry.lastUsed = clock.incrementAndGet();
        VectorChangeLog log = index.changeLog();
        if (entry.loaded() && log.since(c, tenant, entry.seq, 1).isEmpty()) {
            return entry;
        }
        entry.lock.writeLock().lock();
        try {
            if (!entry.loaded()) {
                load(c, tenant, entry);
            } else {
                List<VectorChangeLog.Change> changes = log.since(c, tenant, entry.seq, MAX_CATCH_UP + 1);
                if (changes.size() > MAX_CATCH_UP || changes.stream().anyMatch(VectorChangeLog.Change::wholeTenant)) {
                    load(c, tenant, entry);
                } else {
                    for (VectorChangeLog.Change change : changes) {
                        entry.vectors.removeMemory(change.memoryId());
                        List<float[]> chunks = index.vectorsOf(c, tenant, change.memoryId());
                        for (int i = 0; i < chunks.size(); i++) {
                            entry.vectors.put(SqliteVectorIndex.chunkId(change.memoryId(), i), chunks.get(i));
                        }
                        entry.seq = change.seq();
                    }
                }
            }
        } finally {
            entry.lock.writeLock().unlock();
        }
        return withinBudget(tenant, entry) ? entry : null;
    }

    /** Reads the tenant afresh; the log's position first, so that a write after it is applied by the next search. */
    private void load(Connection c, String tenant, Entry entry) throws SQLException {
        long seq = index.changeLog().latest(c, tenant);
        // A little headroom for the writes that follow, so the first ones do not double the arrays.
        int count = index.vectorCount(c, tenant);
        QuantizedVectors vectors = new QuantizedVectors(index.dimension(), count + Math.max(16, count / 16));
        index.forEachVector(c, tenant, vectors::put);
        entry.vectors = vectors;
        entry.seq = seq;
        loads.incrementAndGet();
    }

    /** Drops the least recently searched other tenants while over budget; false when this one alone is over. */
    private boolean withinBudget(String tenant, Entry entry) {
        if (entry.bytes() > budgetBytes) {
            tenants.remove(tenant, entry);
            if (tooLarge.add(tenant)) {
                LOG.log(System.Logger.Level.WARNING, "the vectors of tenant " + tenant + " (" + entry.bytes() / 1_048_576
                        + " MB quantised) exceed the in-memory vector index budget of " + budgetBytes / 1_048_576
                        + " MB (strata.search.vector-index-budget-mb): its searches scan with sqlite-vec");
            }
            return false;
        }
        while (residentBytes() > budgetBytes) {
            Optional<Map.Entry<String, Entry>> coldest = tenants.entrySet().stream()
                    .filter(e -> e.getValue() != entry)
                    .min(Comparator.comparingLong(e -> e.getValue().lastUsed));
            if (coldest.isEmpty()) {
                break;
            }
            tenants.remove(coldest.get().getKey(), coldest.get().getValue());
        }
        return true;
    }

    /** The memories of the quantised shortlist, in approximate order, each with its number of chunks. */
    private Map<Long, Integer> shortlist(Entry entry, float[] query, int limit) {
        int wanted = limit + Math.max(16, limit / 2);
        Map<Long, Integer> memories = new LinkedHashMap<>();
        entry.lock.readLock().lock();
        try {
            int shortlist = (int) Math.min(Integer.MAX_VALUE, Math.max(MIN_SHORTLIST, (long) limit * shortlistPerMemory));
            QuantizedVectors.Candidates candidates = entry.vectors.nearest(query, shortlist);
            for (int i = 0; i < candidates.size() && memories.size() < wanted; i++) {
                long memory = candidates.chunkIds()[i] / SqliteVectorIndex.MAX_CHUNKS;
                if (!memories.containsKey(memory)) {
                    memories.put(memory, entry.vectors.chunksOf(memory));
                }
            }
        } finally {
            entry.lock.readLock().unlock();
        }
        return memories;
    }

    /**
     * The exact cosine distance of each candidate memory's chunks, from the float vectors in SQLite, the best
     * chunk per memory, closest first. A memory whose vectors went since the shortlist is left out.
     */
    private List<VectorHit> rescore(Connection c, String tenant, float[] query, Map<Long, Integer> memories,
                                    int limit) throws SQLException {
        double queryNorm = norm(query);
        List<VectorHit> hits = new ArrayList<>(memories.size());
        List<long[]> chunkIds = new ArrayList<>();
        for (Map.Entry<Long, Integer> m : memories.entrySet()) {
            long[] ids = new long[m.getValue()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = SqliteVectorIndex.chunkId(m.getKey(), i);
            }
            chunkIds.add(ids);
        }
        List<float[][]> vectors = index.vectorsAt(c, tenant, chunkIds);
        int at = 0;
        for (long memory : memories.keySet()) {
            float[][] chunks = vectors.get(at++);
            VectorHit best = null;
            for (int i = 0; i < chunks.length; i++) {
                if (chunks[i] == null) {
                    continue;
                }
                double distance = Math.max(0, cosineDistance(query, queryNorm, chunks[i]));
                if (best == null || distance < best.distance()) {
                    best = new VectorHit(memory, i, distance);
                }
            }
            if (best != null) {
                hits.add(best);
            }
        }
        hits.sort(Comparator.comparingDouble(VectorHit::distance));
        return List.copyOf(hits.subList(0, Math.min(limit, hits.size())));
    }

    /** vec0's cosine distance: 1 - a.b / (|a| |b|), 1 when either vector is zero. */
    static double cosineDistance(float[] a, double aNorm, float[] b) {
        double dot = 0;
        double bb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            bb += (double) b[i] * b[i];
        }
        if (aNorm == 0 || bb == 0) {
            return 1;
        }
        return 1 - dot / (aNorm * Math.sqrt(bb));
    }

    private static double norm(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += (double) x * x;
        }
        return Math.sqrt(sum);
    }

    /** One tenant's vectors and the change log position they reflect. */
    private static final class Entry {
        final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        volatile QuantizedVectors vectors;
        volatile long seq;
        volatile long lastUsed;

        boolean loaded() {
            return vectors != null;
        }

        long bytes() {
            QuantizedVectors v = vectors;
            return v == null ? 0 : v.bytes();
        }
    }
}
