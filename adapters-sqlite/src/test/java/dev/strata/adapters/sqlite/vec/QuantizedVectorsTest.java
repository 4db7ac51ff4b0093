package dev.strata.adapters.sqlite.vec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The in-memory quantised vectors alone: slots, codes, the Hamming shortlist and the int8 re-score. */
class QuantizedVectorsTest {

    private static final int DIMENSION = 96;

    private static float[] random(Random random) {
        float[] v = new float[DIMENSION];
        for (int i = 0; i < DIMENSION; i++) {
            v[i] = (float) random.nextGaussian();
        }
        return v;
    }

    private static double exactDistance(float[] a, float[] b) {
        double dot = 0;
        double aa = 0;
        double bb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            aa += (double) a[i] * a[i];
            bb += (double) b[i] * b[i];
        }
        return 1 - dot / Math.sqrt(aa * bb);
    }

    @Test
    void the_int8_rescore_is_within_a_hundredth_of_the_exact_cosine_distance() {
        Random random = new Random(1);
        QuantizedVectors vectors = new QuantizedVectors(DIMENSION);
        Map<Long, float[]> stored = new HashMap<>();
        for (long id = 0; id < 500; id++) {
            float[] v = random(random);
            vectors.put(id, v);
            stored.put(id, v);
        }
        float[] query = random(random);

        QuantizedVectors.Candidates all = vectors.nearest(query, 500);

        assertThat(all.size()).isEqualTo(500);
        for (int i = 0; i < all.size(); i++) {
            assertThat((double) all.distances()[i]).isCloseTo(exactDistance(query, stored.get(all.chunkIds()[i])),
                    within(0.01));
            if (i > 0) {
                assertThat(all.distances()[i]).isGreaterThanOrEqualTo(all.distances()[i - 1]);
            }
        }
    }

    @Test
    void the_hamming_shortlist_keeps_most_of_the_exact_top_ten_among_a_tenth_of_the_vectors() {
        Random random = new Random(2);
        QuantizedVectors vectors = new QuantizedVectors(DIMENSION);
        Map<Long, float[]> stored = new HashMap<>();
        // Clustered data, as embeddings are: near copies of 50 centres.
        List<float[]> centres = new ArrayList<>();
        for (int c = 0; c < 50; c++) {
            centres.add(random(random));
        }
        for (long id = 0; id < 5_000; id++) {
            float[] centre = centres.get((int) (id % centres.size()));
            float[] v = random(random);
            for (int i = 0; i < DIMENSION; i++) {
                v[i] = centre[i] + 0.6f * v[i];
            }
            vectors.put(id, v);
            stored.put(id, v);
        }
        int found = 0;
        int asked = 0;
        for (int q = 0; q < 20; q++) {
            float[] query = stored.get((long) random.nextInt(5_000)).clone();
            query[q] += 0.5f;
            List<Long> exact = stored.keySet().stream()
                    .sorted(Comparator.comparingDouble(id -> exactDistance(query, stored.get(id)))).limit(10).toList();
            QuantizedVectors.Candidates shortlist = vectors.nearest(query, 500);
            Set<Long> approximate = new HashSet<>();
            for (int i = 0; i < 10; i++) {
                approximate.add(shortlist.chunkIds()[i]);
            }
            found += (int) exact.stream().filter(approximate::contains).count();
            asked += exact.size();
        }

        assertThat((double) found / asked).as("top-10 recall of a 10%% shortlist re-scored in int8").isGreaterThan(0.9);
    }

    @Test
    void removing_a_chunk_moves_the_last_into_its_slot_and_keeps_every_other_findable() {
        QuantizedVectors vectors = new QuantizedVectors(DIMENSION);
        Random random = new Random(3);
        Map<Long, float[]> stored = new HashMap<>();
        for (long id = 10; id < 20; id++) {
            float[] v = random(random);
            vectors.put(id, v);
            stored.put(id, v);
        }

        assertThat(vectors.remove(12)).isTrue();
        assertThat(vectors.remove(12)).isFalse();
        stored.remove(12L);

        assertThat(vectors.size()).isEqualTo(9);
        for (Map.Entry<Long, float[]> e : stored.entrySet()) {
            QuantizedVectors.Candidates best = vectors.nearest(e.getValue(), 1);
            assertThat(best.chunkIds()).containsExactly(e.getKey());
            assertThat((double) best.distances()[0]).isCloseTo(0, within(0.01));
        }
    }

    @Test
    void putting_a_chunk_again_replaces_its_vector() {
        QuantizedVectors vectors = new QuantizedVectors(DIMENSION);
        Random random = new Random(4);
        float[] before = random(random);
        float[] after = random(random);
        vectors.put(5, before);
        vectors.put(6, random(random));

        vectors.put(5, after);

        assertThat(vectors.size()).isEqualTo(2);
        assertThat(vectors.nearest(after, 1).chunkIds()).containsExactly(5L);
        assertThat((double) vectors.nearest(after, 1).distances()[0]).isCloseTo(0, within(0.01));
    }

    @Test
    void a_memorys_chunks_are_counted_and_removed_together() {
        QuantizedVectors vectors = new QuantizedVectors(DIMENSION);
        Random random = new Random(5);
        for (int i = 0; i < 3; i++) {
            vectors.put(SqliteVectorIndex.chunkId(7, i), random(random));
        }
        vectors.put(SqliteVectorIndex.chunkId(8, 0), random(random));

        assertThat(vectors.chunksOf(7)).isEqualTo(3);
        assertThat(vectors.removeMemory(7)).isEqualTo(3);
        assertThat(vectors.chunksOf(7)).isZero();
        assertThat(vectors.size()).isEqualTo(1);
        assertThat(vectors.contains(SqliteVectorIndex.chunkId(8, 0))).isTrue();
    }

    @Test
    void a_shortlist_longer_than_the_tenant_returns_every_vector_and_an_empty_one_nothing() {
        QuantizedVectors vectors = new QuantizedVectors(DIMENSION);
        assertThat(vectors.nearest(random(new Random(6)), 10).size()).isZero();
        vectors.put(1, random(new Random(7)));
        vectors.put(2, random(new Random(8)));

        assertThat(vectors.nearest(random(new Random(9)), 10).chunkIds()).containsExactlyInAnyOrder(1L, 2L);
    }

    @Test
    void a_vector_of_another_dimension_is_refused() {
        QuantizedVectors vectors = new QuantizedVectors(DIMENSION);
        assertThatThrownBy(() -> vectors.put(1, new float[DIMENSION + 1])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dimensions");
        assertThatThrownBy(() -> vectors.nearest(new float[3], 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void the_id_table_survives_churn_without_growing_past_its_live_keys() {
        QuantizedVectors.LongIntTable table = new QuantizedVectors.LongIntTable();
        for (int round = 0; round < 50; round++) {
            for (long k = 0; k < 1_000; k++) {
                table.put(round * 1_000L + k, (int) k);
            }
            for (long k = 0; k < 1_000; k++) {
                assertThat(table.remove(round * 1_000L + k)).isEqualTo((int) k);
            }
        }
        table.put(42, 7);

        assertThat(table.get(42)).isEqualTo(7);
        assertThat(table.get(49_999)).isEqualTo(-1);
        assertThat(table.capacity()).as("1,000 live keys at most, 50,000 ever").isLessThanOrEqualTo(4_096);
    }
}
