package dev.strata.adapters.sqlite.vec;

import java.util.Arrays;

/**
 * One tenant's chunk vectors, quantised in memory for a fast approximate nearest-neighbour shortlist: per
 * vector a binary code (the sign of each component, {@code dimension / 64} longs, compared by Hamming
 * distance with {@link Long#bitCount}) and an int8 copy (each component scaled by the vector's largest
 * magnitude) that re-scores the shortlist by an approximate cosine. Exact distances are not kept here: the
 * caller re-scores the few final candidates from the float vectors on disk.
 *
 * <p>Slots are dense ({@code 0..size-1}); removing one moves the last into its place, so a scan never skips
 * holes. Not thread-safe: the owner guards it with a read-write lock (searches read, catch-up writes).
 * Binary codes of bge-small vectors keep 80-95% of the exact top-200 in a shortlist 10x that size; the int8
 * re-score then orders the shortlist within about 1e-3 of the exact cosine.
 */
final class QuantizedVectors {

    /** Approximate per-vector cost beyond the codes: chunk id, scale, and the id-to-slot table at half load. */
    private static final int OVERHEAD_BYTES = Long.BYTES + Float.BYTES + 2 * (Long.BYTES + Integer.BYTES);

    private final int dimension;
    private final int words;
    private long[] codes;
    private byte[] values;
    private float[] scales;
    private long[] chunkIds;
    private int size;
    private final LongIntTable slots = new LongIntTable();

    QuantizedVectors(int dimension) {
        this(dimension, 16);
    }

    /** Room for {@code capacity} vectors before the arrays grow (a load sizes them once: no copies on the way). */
    QuantizedVectors(int dimension, int capacity) {
        if (dimension <= 0) {
            throw new IllegalArgumentException("dimension must be positive, was " + dimension);
        }
        this.dimension = dimension;
        this.words = (dimension + 63) / 64;
        allocate(Math.max(16, capacity));
    }

    int dimension() {
        return dimension;
    }

    int size() {
        return size;
    }

    /** Heap bytes this holds, for the cache's budget (capacity, not just size: that is what is resident). */
    long bytes() {
        return (long) chunkIds.length * (words * Long.BYTES + dimension + OVERHEAD_BYTES);
    }

    /** Bytes one vector of {@code dimension} costs here. */
    static long bytesPerVector(int dimension) {
        return ((dimension + 63) / 64) * (long) Long.BYTES + dimension + OVERHEAD_BYTES;
    }

    boolean contains(long chunkId) {
        return slots.get(chunkId) >= 0;
    }

    /** Adds a chunk's vector, or replaces it when the chunk is already here. A zero vector is kept (never near). */
    void put(long chunkId, float[] vector) {
        if (vector.length != dimension) {
            throw new IllegalArgumentException("vector has " + vector.length + " dimensions, expected " + dimension);
        }
        int slot = slots.get(chunkId);
        if (slot < 0) {
            if (size == chunkIds.length) {
                allocate(chunkIds.length * 2);
            }
            slot = size++;
            slots.put(chunkId, slot);
            chunkIds[slot] = chunkId;
        }
        encode(slot, vector);
    }

    /** Removes a chunk; false when it was not here. */
    boolean remove(long chunkId) {
        int slot = slots.remove(chunkId);
        if (slot < 0) {
            return false;
        }
        int last = --size;
        if (slot != last) {
            long moved = chunkIds[last];
            chunkIds[slot] = moved;
            System.arraycopy(codes, last * words, codes, slot * words, words);
            System.arraycopy(values, last * dimension, values, slot * dimension, dimension);
            scales[slot] = scales[last];
            slots.put(moved, slot);
        }
        return true;
    }

    /**
     * Removes every chunk of one memory ({@link SqliteVectorIndex#chunkId} ids {@code 0..}, written together, so
     * probed until the first absent one); returns how many went.
     */
    int removeMemory(long memoryId) {
        int removed = 0;
        for (int index = 0; index < SqliteVectorIndex.MAX_CHUNKS; index++) {
            if (!remove(SqliteVectorIndex.chunkId(memoryId, index))) {
                break;
            }
            removed++;
        }
        return removed;
    }

    /** How many chunks one memory has here. */
    int chunksOf(long memoryId) {
        int count = 0;
        while (count < SqliteVectorIndex.MAX_CHUNKS && contains(SqliteVectorIndex.chunkId(memoryId, count))) {
            count++;
        }
        return count;
    }

    /**
     * The {@code shortlist} chunks nearest to {@code query} by Hamming distance of the binary codes, re-scored by
     * the int8 copies and returned closest first, each with its approximate cosine distance.
     */
    Candidates nearest(float[] query, int shortlist) {
        if (query.length != dimension) {
            throw new IllegalArgumentException("query has " + query.length + " dimensions, expected " + dimension);
        }
        if (size == 0 || shortlist <= 0) {
            return new Candidates(new long[0], new float[0]);
        }
        int[] picked = hammingShortlist(code(query), Math.min(shortlist, size));
        float[] unit = unit(query);
        float[] distance = new float[picked.length];
        Integer[] order = new Integer[picked.length];
        for (int i = 0; i < picked.length; i++) {
            distance[i] = 1f - dot(picked[i], unit);
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Float.compare(distance[a], distance[b]));
        long[] ids = new long[picked.length];
        float[] sorted = new float[picked.length];
        for (int i = 0; i < order.length; i++) {
            ids[i] = chunkIds[picked[order[i]]];
            sorted[i] = distance[order[i]];
        }
        return new Candidates(ids, sorted);
    }

    /** Chunk ids closest first with their approximate cosine distances. */
    record Candidates(long[] chunkIds, float[] distances) {
        int size() {
            return chunkIds.length;
        }
    }

    /**
     * The slots of the {@code count} smallest Hamming distances. Distances lie in {@code [0, dimension]}, so a
     * histogram finds the cut in one pass and a second pass collects: linear in the tenant's size, no sort.
     */
    private int[] hammingShortlist(long[] query, int count) {
        int[] distances = new int[size];
        int[] histogram = new int[words * 64 + 1];
        for (int slot = 0, base = 0; slot < size; slot++, base += words) {
            int d = 0;
            for (int w = 0; w < words; w++) {
                d += Long.bitCount(codes[base + w] ^ query[w]);
            }
            distances[slot] = d;
            histogram[d]++;
        }
        int cut = 0;
        int below = 0;
        while (below + histogram[cut] < count) {
            below += histogram[cut++];
        }
        // Every slot nearer than the cut, then as many at the cut as fit, in slot order.
        int atCut = count - below;
        int[] picked = new int[count];
        int n = 0;
        for (int slot = 0; slot < size; slot++) {
            int d = distances[slot];
            if (d < cut || (d == cut && atCut-- > 0)) {
                picked[n++] = slot;
            }
        }
        return picked;
    }

    private float dot(int slot, float[] unitQuery) {
        int base = slot * dimension;
        float sum = 0;
        for (int i = 0; i < dimension; i++) {
            sum += values[base + i] * unitQuery[i];
        }
        return sum * scales[slot];
    }

    private void encode(int slot, float[] vector) {
        float[] unit = unit(vector);
        float max = 0;
        for (float x : unit) {
            max = Math.max(max, Math.abs(x));
        }
        float toInt = max == 0 ? 0 : 127f / max;
        int base = slot * dimension;
        for (int i = 0; i < dimension; i++) {
            values[base + i] = (byte) Math.round(unit[i] * toInt);
        }
        scales[slot] = max == 0 ? 0 : max / 127f;
        System.arraycopy(code(vector), 0, codes, slot * words, words);
    }

    private long[] code(float[] vector) {
        long[] code = new long[words];
        for (int i = 0; i < dimension; i++) {
            if (vector[i] > 0) {
                code[i >>> 6] |= 1L << (i & 63);
            }
        }
        return code;
    }

    private static float[] unit(float[] vector) {
        double norm = 0;
        for (float x : vector) {
            norm += (double) x * x;
        }
        float[] unit = new float[vector.length];
        if (norm == 0) {
            return unit;
        }
        float inverse = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < vector.length; i++) {
            unit[i] = vector[i] * inverse;
        }
        return unit;
    }

    private void allocate(int capacity) {
        codes = codes == null ? new long[capacity * words] : Arrays.copyOf(codes, capacity * words);
        values = values == null ? new byte[capacity * dimension] : Arrays.copyOf(values, capacity * dimension);
        scales = scales == null ? new float[capacity] : Arrays.copyOf(scales, capacity);
        chunkIds = chunkIds == null ? new long[capacity] : Arrays.copyOf(chunkIds, capacity);
    }

    /** Open addressing from non-negative chunk id to slot, without boxing (100k entries as a HashMap cost ~6 MB). */
    static final class LongIntTable {
        private static final long EMPTY = -1;
        private static final long REMOVED = -2;
        private long[] keys = filled(16);
        private int[] values = new int[16];
        /** Occupied slots, removed ones included (they lengthen probes until the next rehash). */
        private int used;
        private int live;

        /** Slots allocated (for tests: churn must not grow it). */
        int capacity() {
            return keys.length;
        }

        int get(long key) {
            int mask = keys.length - 1;
            for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
                long k = keys[i];
                if (k == key) {
                    return values[i];
                }
                if (k == EMPTY) {
                    return -1;
                }
            }
        }

        void put(long key, int value) {
            if (key < 0) {
                throw new IllegalArgumentException("keys are non-negative chunk ids, was " + key);
            }
            if ((used + 1) * 2 > keys.length) {
                // Sized by the live keys, so that churn (remove, add) does not keep doubling the table.
                rehash(Math.max(16, Integer.highestOneBit(Math.max(1, live) * 4 - 1) << 1));
            }
            int mask = keys.length - 1;
            int free = -1;
            for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
                long k = keys[i];
                if (k == key) {
                    values[i] = value;
                    return;
                }
                if (k == REMOVED && free < 0) {
                    free = i;
                }
                if (k == EMPTY) {
                    int at = free >= 0 ? free : i;
                    if (at == i) {
                        used++;
                    }
                    live++;
                    keys[at] = key;
                    values[at] = value;
                    return;
                }
            }
        }

        /** The removed key's value, or -1. */
        int remove(long key) {
            int mask = keys.length - 1;
            for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
                long k = keys[i];
                if (k == key) {
                    keys[i] = REMOVED;
                    live--;
                    return values[i];
                }
                if (k == EMPTY) {
                    return -1;
                }
            }
        }

        private void rehash(int capacity) {
            long[] oldKeys = keys;
            int[] oldValues = values;
            keys = filled(capacity);
            values = new int[capacity];
            used = 0;
            live = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] >= 0) {
                    put(oldKeys[i], oldValues[i]);
                }
            }
        }

        private static long[] filled(int capacity) {
            long[] keys = new long[capacity];
            Arrays.fill(keys, EMPTY);
            return keys;
        }

        private static int hash(long key) {
            long h = key * 0x9E3779B97F4A7C15L;
            return (int) (h ^ (h >>> 32));
        }
    }
}
