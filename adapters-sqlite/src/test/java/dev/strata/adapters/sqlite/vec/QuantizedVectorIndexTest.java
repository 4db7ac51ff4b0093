package dev.strata.adapters.sqlite.vec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.strata.domain.languagemodel.Embedding;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

/**
 * The in-memory index against a real vec0 table: the same answers as vec0's exact KNN, kept in step with
 * writes on any connection (another process's included), rolled-back writes ignored, tenants apart, and the
 * budget's evictions.
 */
class QuantizedVectorIndexTest {

    private static final int DIMENSION = 32;
    private static SqliteVecExtension extension;

    @TempDir
    static Path libraries;

    @TempDir
    Path data;

    private Connection connection;
    /** Another connection to the same file: another process, as far as SQLite can tell. */
    private Connection other;
    private final SqliteVectorIndex index = new SqliteVectorIndex(SqliteVectorIndex.DEFAULT_TABLE, DIMENSION);
    private final Random random = new Random(11);

    @BeforeAll
    static void loadExtensionOnce() {
        extension = SqliteVecExtension.bundled(libraries);
        assertThat(extension.isAvailable()).as("sqlite-vec must load here: %s", extension.unavailableReason()).isTrue();
    }

    @BeforeEach
    void openDatabase() throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setBusyTimeout(5_000);
        connection = extension.open("jdbc:sqlite:" + data.resolve("strata.db"), config);
        index.createIfAbsent(connection);
        other = extension.open("jdbc:sqlite:" + data.resolve("strata.db"), config);
    }

    @AfterEach
    void closeDatabase() throws SQLException {
        connection.close();
        other.close();
    }

    private Embedding randomVector() {
        float[] v = new float[DIMENSION];
        for (int i = 0; i < DIMENSION; i++) {
            v[i] = (float) random.nextGaussian();
        }
        return new Embedding(v);
    }

    private Embedding near(Embedding e, float noise) {
        float[] v = e.vector();
        for (int i = 0; i < v.length; i++) {
            v[i] += noise * (float) random.nextGaussian();
        }
        return new Embedding(v);
    }

    private static List<Long> ids(List<VectorHit> hits) {
        return hits.stream().map(VectorHit::memoryId).toList();
    }

    private List<VectorHit> knn(QuantizedVectorIndex quantized, String tenant, Embedding query, int limit)
            throws SQLException {
        return quantized.nearest(connection, tenant, query, limit).orElseThrow();
    }

    private QuantizedVectorIndex quantized() {
        return new QuantizedVectorIndex(index, 64L * 1_048_576);
    }

    @Test
    void it_answers_what_vec0s_exact_scan_answers_with_the_same_distances() throws SQLException {
        List<Embedding> centres = new ArrayList<>();
        for (int c = 0; c < 20; c++) {
            centres.add(randomVector());
        }
        for (long m = 1; m <= 1_500; m++) {
            List<Embedding> chunks = m % 5 == 0
                    ? List.of(near(centres.get((int) (m % 20)), 0.8f), near(centres.get((int) ((m + 7) % 20)), 0.8f))
                    : List.of(near(centres.get((int) (m % 20)), 0.8f));
            index.replace(connection, "acme", m, chunks);
        }
        QuantizedVectorIndex quantized = quantized();
        int same = 0;
        int asked = 0;
        for (int q = 0; q < 10; q++) {
            Embedding query = near(centres.get(q), 0.8f);
            List<VectorHit> exact = index.nearest(connection, "acme", query, 20);
            List<VectorHit> fast = knn(quantized, "acme", query, 20);

            assertThat(fast).hasSize(20);
            Map<Long, Double> exactDistance = new HashMap<>();
            index.nearest(connection, "acme", query, 200).forEach(h -> exactDistance.put(h.memoryId(), h.distance()));
            for (int i = 0; i < fast.size(); i++) {
                VectorHit hit = fast.get(i);
                assertThat(hit.distance()).as("exact distance of %s", hit.memoryId())
                        .isCloseTo(exactDistance.get(hit.memoryId()), within(1e-5));
                if (i > 0) {
                    assertThat(hit.distance()).isGreaterThanOrEqualTo(fast.get(i - 1).distance());
                }
            }
            Set<Long> found = new HashSet<>(ids(fast));
            same += (int) ids(exact).stream().filter(found::contains).count();
            asked += exact.size();
        }
        assertThat((double) same / asked).as("recall of vec0's top 20").isGreaterThanOrEqualTo(0.95);
    }

    @Test
    void the_exact_copy_holds_exactly_what_vec0_holds_after_replaces_and_deletes() throws SQLException {
        for (long m = 1; m <= 2_100; m++) {
            index.replace(connection, m % 3 == 0 ? "globex" : "acme", m, List.of(randomVector()));
        }
        for (long m = 1; m <= 2_100; m += 7) {
            index.delete(connection, m % 3 == 0 ? "globex" : "acme", m);
        }
        index.replace(connection, "acme", 2, List.of(randomVector(), randomVector()));
        index.deleteChunk(connection, "acme", SqliteVectorIndex.chunkId(2, 1));
        index.deleteTenant(connection, "initech");

        for (String tenant : List.of("acme", "globex", "initech")) {
            Map<Long, float[]> fromStorage = new HashMap<>();
            // The copy beside vec0, against vec0's own filtered scan.
            index.forEachVector(connection, tenant, (id, v) -> fromStorage.put(id, v.clone()));
            Map<Long, float[]> fromScan = new HashMap<>();
            index.scan(connection, tenant, fromScan::put);

            assertThat(fromStorage.keySet()).as(tenant).isEqualTo(fromScan.keySet());
            fromScan.forEach((id, v) -> assertThat(fromStorage.get(id)).as("chunk %s", id).containsExactly(v));
        }
        Map<Long, float[]> acme = new HashMap<>();
        index.forEachVector(connection, "acme", (id, v) -> acme.put(id, v.clone()));
        assertThat(acme).hasSize((int) index.count(connection, "acme"));
    }

    @Test
    void a_database_from_before_the_exact_copy_gets_it_filled_from_vec0_once() throws SQLException {
        for (long m = 1; m <= 50; m++) {
            index.replace(connection, m % 2 == 0 ? "acme" : "globex", m, List.of(randomVector()));
        }
        try (var s = connection.createStatement()) {
            s.execute("DROP TABLE vector_floats_" + SqliteVectorIndex.DEFAULT_TABLE);
        }

        index.createIfAbsent(connection);

        for (String tenant : List.of("acme", "globex")) {
            Map<Long, float[]> copied = new HashMap<>();
            index.forEachVector(connection, tenant, (id, v) -> copied.put(id, v.clone()));
            Map<Long, float[]> fromScan = new HashMap<>();
            index.scan(connection, tenant, fromScan::put);
            assertThat(copied.keySet()).hasSize(25).isEqualTo(fromScan.keySet());
        }
        Embedding query = randomVector();
        assertThat(ids(knn(quantized(), "acme", query, 5))).isEqualTo(ids(index.nearest(connection, "acme", query, 5)));
    }

    @Test
    void writes_through_another_connection_are_seen_by_the_next_search() throws SQLException {
        Embedding target = randomVector();
        index.replace(connection, "acme", 1, List.of(randomVector()));
        index.replace(connection, "acme", 2, List.of(randomVector()));
        QuantizedVectorIndex quantized = quantized();
        assertThat(knn(quantized, "acme", target, 1)).extracting(VectorHit::memoryId).doesNotContain(3L);

        index.replace(other, "acme", 3, List.of(target));
        assertThat(knn(quantized, "acme", target, 1)).singleElement().satisfies(hit -> {
            assertThat(hit.memoryId()).isEqualTo(3L);
            assertThat(hit.distance()).isCloseTo(0, within(1e-6));
        });

        index.replace(other, "acme", 1, List.of(target));
        index.delete(other, "acme", 3);
        assertThat(ids(knn(quantized, "acme", target, 5))).containsExactly(1L, 2L);
        assertThat(quantized.loads()).as("caught up from the change log, not reloaded").isEqualTo(1);
    }

    @Test
    void a_rolled_back_write_is_never_seen() throws SQLException {
        Embedding target = randomVector();
        index.replace(connection, "acme", 1, List.of(randomVector()));
        QuantizedVectorIndex quantized = quantized();
        knn(quantized, "acme", target, 1);

        try (var s = other.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            index.replace(other, "acme", 2, List.of(target));
            index.delete(other, "acme", 1);
            s.execute("ROLLBACK");
        }

        assertThat(ids(knn(quantized, "acme", target, 5))).containsExactly(1L);
    }

    @Test
    void a_tenant_sees_only_its_own_vectors_and_another_tenants_removal_leaves_it_alone() throws SQLException {
        Embedding target = randomVector();
        index.replace(connection, "acme", 1, List.of(near(target, 0.5f)));
        index.replace(connection, "globex", 2, List.of(target));
        QuantizedVectorIndex quantized = quantized();

        assertThat(ids(knn(quantized, "acme", target, 10))).containsExactly(1L);
        assertThat(ids(knn(quantized, "globex", target, 10))).containsExactly(2L);
        assertThat(knn(quantized, "initech", target, 10)).isEmpty();

        index.deleteTenant(other, "globex");
        index.delete(other, "globex", 1);

        assertThat(knn(quantized, "globex", target, 10)).isEmpty();
        assertThat(ids(knn(quantized, "acme", target, 10))).containsExactly(1L);
    }

    @Test
    void a_purged_memorys_chunk_removed_by_id_leaves_the_index() throws SQLException {
        Embedding target = randomVector();
        index.replace(connection, "acme", 1, List.of(target));
        index.replace(connection, "acme", 2, List.of(randomVector()));
        QuantizedVectorIndex quantized = quantized();
        assertThat(ids(knn(quantized, "acme", target, 1))).containsExactly(1L);

        index.deleteChunk(other, "acme", SqliteVectorIndex.chunkId(1, 0));

        assertThat(ids(knn(quantized, "acme", target, 5))).containsExactly(2L);
    }

    @Test
    void many_changes_at_once_reload_the_tenant_instead_of_replaying_them() throws SQLException {
        index.replace(connection, "acme", 1, List.of(randomVector()));
        QuantizedVectorIndex quantized = quantized();
        Embedding target = randomVector();
        knn(quantized, "acme", target, 1);

        try (var s = other.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            for (long m = 2; m <= QuantizedVectorIndex.MAX_CATCH_UP + 10; m++) {
                index.replace(other, "acme", m, List.of(randomVector()));
            }
            index.replace(other, "acme", 1, List.of(target));
            s.execute("COMMIT");
        }

        assertThat(ids(knn(quantized, "acme", target, 1))).containsExactly(1L);
        assertThat(quantized.loads()).isEqualTo(2);
    }

    @Test
    void past_its_budget_the_least_recently_searched_tenant_is_dropped_and_reloaded_when_searched() throws SQLException {
        for (long m = 1; m <= 300; m++) {
            index.replace(connection, "acme", m, List.of(randomVector()));
            index.replace(connection, "globex", 1_000 + m, List.of(randomVector()));
        }
        // Room for one tenant of 300 vectors (its arrays sized 318 slots, with headroom), not two.
        long budget = 500 * QuantizedVectors.bytesPerVector(DIMENSION);
        QuantizedVectorIndex quantized = new QuantizedVectorIndex(index, budget);
        Embedding query = randomVector();

        knn(quantized, "acme", query, 5);
        assertThat(quantized.loadedTenants()).containsExactly("acme");
        knn(quantized, "globex", query, 5);
        assertThat(quantized.loadedTenants()).containsExactly("globex");
        assertThat(quantized.residentBytes()).isLessThanOrEqualTo(budget);

        List<VectorHit> again = knn(quantized, "acme", query, 5);
        assertThat(quantized.loads()).isEqualTo(3);
        assertThat(ids(again)).isEqualTo(ids(index.nearest(connection, "acme", query, 5)));
    }

    @Test
    void a_tenant_larger_than_the_whole_budget_is_not_held_and_its_searches_go_to_vec0() throws SQLException {
        for (long m = 1; m <= 100; m++) {
            index.replace(connection, "acme", m, List.of(randomVector()));
        }
        QuantizedVectorIndex quantized = new QuantizedVectorIndex(index, 10 * QuantizedVectors.bytesPerVector(DIMENSION));

        assertThat(quantized.nearest(connection, "acme", randomVector(), 5)).isEqualTo(Optional.empty());
        assertThat(quantized.loadedTenants()).isEmpty();
        assertThat(quantized.residentBytes()).isZero();
    }
}
