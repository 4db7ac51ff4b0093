package dev.strata.adapters.sqlite.vec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.strata.domain.languagemodel.Embedding;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

class SqliteVectorIndexTest {

    private static SqliteVecExtension extension;

    @TempDir
    static Path libraries;

    @TempDir
    Path data;

    private Connection connection;
    private final SqliteVectorIndex index = new SqliteVectorIndex("memory_vectors", 4);

    @BeforeAll
    static void loadExtensionOnce() {
        extension = SqliteVecExtension.bundled(libraries);
        assertThat(extension.isAvailable()).as("sqlite-vec must load here: %s", extension.unavailableReason()).isTrue();
    }

    @BeforeEach
    void openDatabase() throws SQLException {
        connection = open();
        index.createIfAbsent(connection);
    }

    @AfterEach
    void closeDatabase() throws SQLException {
        connection.close();
    }

    private Connection open() throws SQLException {
        return extension.open("jdbc:sqlite:" + data.resolve("strata.db"), new SQLiteConfig());
    }

    private static Embedding vector(float... values) {
        return new Embedding(values);
    }

    private static List<Long> ids(List<VectorHit> hits) {
        return hits.stream().map(VectorHit::memoryId).toList();
    }

    @Test
    void returns_the_nearest_memories_closest_first() throws SQLException {
        index.replace(connection, "acme", 1, List.of(vector(1, 0, 0, 0)));
        index.replace(connection, "acme", 2, List.of(vector(0, 1, 0, 0)));
        index.replace(connection, "acme", 3, List.of(vector(1, 1, 0, 0)));
        index.replace(connection, "acme", 4, List.of(vector(-1, 0, 0, 0)));

        List<VectorHit> hits = index.nearest(connection, "acme", vector(1, 0.2f, 0, 0), 3);

        assertThat(ids(hits)).containsExactly(1L, 3L, 2L);
        assertThat(hits.getFirst().distance()).isLessThan(hits.get(1).distance());
        assertThat(hits.get(1).distance()).isLessThan(hits.get(2).distance());
        assertThat(hits.getFirst().similarity()).isCloseTo(vector(1, 0.2f, 0, 0)
                .cosineSimilarity(vector(1, 0, 0, 0)), within(1e-5));
    }

    @Test
    void never_returns_another_tenants_vectors() throws SQLException {
        index.replace(connection, "acme", 1, List.of(vector(0, 1, 0, 0)));
        index.replace(connection, "globex", 2, List.of(vector(1, 0, 0, 0)));

        assertThat(ids(index.nearest(connection, "acme", vector(1, 0, 0, 0), 10))).containsExactly(1L);
        assertThat(ids(index.nearest(connection, "globex", vector(1, 0, 0, 0), 10))).containsExactly(2L);
        assertThat(index.nearest(connection, "initech", vector(1, 0, 0, 0), 10)).isEmpty();
    }

    @Test
    void collapses_chunks_to_the_best_chunk_per_memory() throws SQLException {
        index.replace(connection, "acme", 7, List.of(vector(0, 0, 1, 0), vector(1, 0.1f, 0, 0), vector(1, 0.3f, 0, 0)));
        index.replace(connection, "acme", 8, List.of(vector(1, 0.5f, 0, 0)));
        index.replace(connection, "acme", 9, List.of(vector(0, 0, 0, 1)));

        List<VectorHit> hits = index.nearest(connection, "acme", vector(1, 0, 0, 0), 2);

        assertThat(hits).extracting(VectorHit::memoryId, VectorHit::chunkIndex)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(7L, 1), org.assertj.core.groups.Tuple.tuple(8L, 0));
    }

    @Test
    void replacing_a_memory_drops_its_old_chunks() throws SQLException {
        index.replace(connection, "acme", 1, List.of(vector(1, 0, 0, 0), vector(1, 1, 0, 0), vector(0, 1, 0, 0)));
        index.replace(connection, "acme", 1, List.of(vector(0, 0, 1, 0)));

        assertThat(index.count(connection, "acme")).isEqualTo(1);
        assertThat(index.nearest(connection, "acme", vector(0, 0, 1, 0), 5)).singleElement()
                .satisfies(hit -> assertThat(hit.distance()).isCloseTo(0.0, within(1e-6)));
    }

    @Test
    void deletes_one_memory_or_a_whole_tenant() throws SQLException {
        index.replace(connection, "acme", 1, List.of(vector(1, 0, 0, 0), vector(0, 1, 0, 0)));
        index.replace(connection, "acme", 2, List.of(vector(0, 1, 0, 0)));
        index.replace(connection, "globex", 3, List.of(vector(1, 0, 0, 0)));

        index.delete(connection, "acme", 1);
        index.delete(connection, "acme", 3);

        assertThat(ids(index.nearest(connection, "acme", vector(1, 0, 0, 0), 10))).containsExactly(2L);
        assertThat(index.count(connection, "globex")).as("another tenant's memory is not deleted through acme")
                .isEqualTo(1);

        index.deleteTenant(connection, "acme");

        assertThat(index.count(connection, "acme")).isZero();
        assertThat(index.count(connection, "globex")).isEqualTo(1);
    }

    @Test
    void a_memory_holding_another_tenants_vectors_is_not_replaced() throws SQLException {
        index.replace(connection, "globex", 3, List.of(vector(1, 0, 0, 0)));

        assertThatThrownBy(() -> index.replace(connection, "acme", 3, List.of(vector(0, 1, 0, 0))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another tenant");
        assertThat(ids(index.nearest(connection, "globex", vector(1, 0, 0, 0), 10))).containsExactly(3L);
    }

    @Test
    void chunk_rows_are_keyed_by_memory_and_index_so_a_replace_touches_only_its_own_rows() throws SQLException {
        index.replace(connection, "acme", 5, List.of(vector(1, 0, 0, 0), vector(0, 1, 0, 0), vector(0, 0, 1, 0)));
        index.replace(connection, "acme", 6, List.of(vector(0, 0, 0, 1)));

        index.replace(connection, "acme", 5, List.of(vector(1, 1, 0, 0)));

        try (var s = connection.createStatement();
             var r = s.executeQuery("SELECT chunk_id, memory_id, chunk_index FROM memory_vectors ORDER BY chunk_id")) {
            List<String> rows = new java.util.ArrayList<>();
            while (r.next()) {
                rows.add(r.getLong(1) + ":" + r.getLong(2) + ":" + r.getInt(3));
            }
            assertThat(rows).containsExactly(SqliteVectorIndex.chunkId(5, 0) + ":5:0",
                    SqliteVectorIndex.chunkId(6, 0) + ":6:0");
        }
        assertThat(SqliteVectorIndex.chunkId(5, 1)).isEqualTo(5L * SqliteVectorIndex.MAX_CHUNKS + 1);
    }

    @Test
    void more_chunks_than_the_stride_allows_are_refused() {
        List<Embedding> tooMany = java.util.Collections.nCopies(SqliteVectorIndex.MAX_CHUNKS + 1, vector(1, 0, 0, 0));

        assertThatThrownBy(() -> index.replace(connection, "acme", 1, tooMany))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most");
    }

    @Test
    void vectors_of_the_first_layout_are_adopted_under_derived_row_ids_and_the_old_table_is_dropped()
            throws SQLException {
        // The first layout: vec0 assigned the row ids; memory_id was only a metadata column.
        try (var s = connection.createStatement()) {
            s.execute("DROP TABLE memory_vectors");
            s.execute("CREATE VIRTUAL TABLE memory_vectors USING vec0(chunk_id integer primary key, "
                    + "tenant text partition key, embedding float[4] distance_metric=cosine, memory_id integer, "
                    + "+chunk_index integer)");
        }
        try (var insert = connection.prepareStatement("INSERT INTO memory_vectors(tenant, embedding, memory_id, "
                + "chunk_index) VALUES (?, ?, ?, ?)")) {
            Object[][] rows = {{"acme", vector(1, 0, 0, 0), 11L, 0}, {"acme", vector(0, 1, 0, 0), 11L, 1},
                {"globex", vector(0, 0, 1, 0), 12L, 0}};
            for (Object[] row : rows) {
                insert.setString(1, (String) row[0]);
                insert.setBytes(2, SqliteVectorIndex.toBlob((Embedding) row[1]));
                insert.setLong(3, (Long) row[2]);
                insert.setInt(4, (Integer) row[3]);
                insert.executeUpdate();
            }
        }
        SqliteVectorIndex current = new SqliteVectorIndex(SqliteVectorIndex.DEFAULT_TABLE, 4);
        current.createIfAbsent(connection);

        assertThat(current.adoptLegacy(connection)).isEqualTo(3);

        assertThat(index.existingDimension(connection)).as("the old table is gone").isEmpty();
        assertThat(ids(current.nearest(connection, "acme", vector(0, 1, 0, 0), 5))).containsExactly(11L);
        assertThat(current.nearest(connection, "acme", vector(0, 1, 0, 0), 5).getFirst().chunkIndex()).isEqualTo(1);
        current.delete(connection, "acme", 11);
        assertThat(current.count(connection, "acme")).as("deleted by derived row ids").isZero();
        assertThat(current.count(connection, "globex")).isEqualTo(1);
        assertThat(current.adoptLegacy(connection)).as("nothing left to adopt").isZero();
    }

    @Test
    void joins_the_callers_transaction() throws SQLException {
        connection.setAutoCommit(false);
        index.replace(connection, "acme", 1, List.of(vector(1, 0, 0, 0)));
        connection.rollback();
        connection.setAutoCommit(true);

        assertThat(index.count(connection, "acme")).isZero();
    }

    @Test
    void keeps_vectors_in_the_database_file() throws SQLException {
        index.replace(connection, "acme", 5, List.of(vector(0, 0, 0, 1)));
        connection.close();

        connection = open();

        assertThat(ids(index.nearest(connection, "acme", vector(0, 0, 0, 1), 1))).containsExactly(5L);
    }

    @Test
    void rejects_vectors_of_another_dimension() throws SQLException {
        assertThatThrownBy(() -> index.replace(connection, "acme", 1, List.of(vector(1, 0, 0))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.nearest(connection, "acme", vector(1, 0, 0, 0, 0), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(index.existingDimension(connection)).hasValue(4);
        assertThatThrownBy(() -> new SqliteVectorIndex("memory_vectors", 8).createIfAbsent(connection))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("re-embed");
    }

    @Test
    void drop_removes_the_table_so_another_model_can_start_over() throws SQLException {
        index.replace(connection, "acme", 1, List.of(vector(1, 0, 0, 0)));

        index.drop(connection);
        SqliteVectorIndex wider = new SqliteVectorIndex("memory_vectors", 8);
        wider.createIfAbsent(connection);

        assertThat(wider.existingDimension(connection)).hasValue(8);
        assertThat(wider.count(connection, "acme")).isZero();
    }

    @Test
    void encodes_vectors_as_little_endian_float32() {
        byte[] blob = SqliteVectorIndex.toBlob(vector(1f, -2f));

        assertThat(blob).containsExactly(0x00, 0x00, (byte) 0x80, 0x3f, 0x00, 0x00, 0x00, (byte) 0xc0);
    }

    @Test
    void rejects_unsafe_table_names_and_limits() {
        assertThatThrownBy(() -> new SqliteVectorIndex("v; DROP TABLE memories", 4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.nearest(connection, "acme", vector(1, 0, 0, 0), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
