package dev.strata.adapters.sqlite.vec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.strata.domain.model.Embedding;
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
    void returnsTheNearestMemoriesClosestFirst() throws SQLException {
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
    void neverReturnsAnotherTenantsVectors() throws SQLException {
        index.replace(connection, "acme", 1, List.of(vector(0, 1, 0, 0)));
        index.replace(connection, "globex", 2, List.of(vector(1, 0, 0, 0)));

        assertThat(ids(index.nearest(connection, "acme", vector(1, 0, 0, 0), 10))).containsExactly(1L);
        assertThat(ids(index.nearest(connection, "globex", vector(1, 0, 0, 0), 10))).containsExactly(2L);
        assertThat(index.nearest(connection, "initech", vector(1, 0, 0, 0), 10)).isEmpty();
    }

    @Test
    void collapsesChunksToTheBestChunkPerMemory() throws SQLException {
        index.replace(connection, "acme", 7, List.of(vector(0, 0, 1, 0), vector(1, 0.1f, 0, 0), vector(1, 0.3f, 0, 0)));
        index.replace(connection, "acme", 8, List.of(vector(1, 0.5f, 0, 0)));
        index.replace(connection, "acme", 9, List.of(vector(0, 0, 0, 1)));

        List<VectorHit> hits = index.nearest(connection, "acme", vector(1, 0, 0, 0), 2);

        assertThat(hits).extracting(VectorHit::memoryId, VectorHit::chunkIndex)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(7L, 1), org.assertj.core.groups.Tuple.tuple(8L, 0));
    }

    @Test
    void replacingAMemoryDropsItsOldChunks() throws SQLException {
        index.replace(connection, "acme", 1, List.of(vector(1, 0, 0, 0), vector(1, 1, 0, 0), vector(0, 1, 0, 0)));
        index.replace(connection, "acme", 1, List.of(vector(0, 0, 1, 0)));

        assertThat(index.count(connection, "acme")).isEqualTo(1);
        assertThat(index.nearest(connection, "acme", vector(0, 0, 1, 0), 5)).singleElement()
                .satisfies(hit -> assertThat(hit.distance()).isCloseTo(0.0, within(1e-6)));
    }

    @Test
    void deletesOneMemoryOrAWholeTenant() throws SQLException {
        index.replace(connection, "acme", 1, List.of(vector(1, 0, 0, 0), vector(0, 1, 0, 0)));
        index.replace(connection, "acme", 2, List.of(vector(0, 1, 0, 0)));
        index.replace(connection, "globex", 1, List.of(vector(1, 0, 0, 0)));

        index.delete(connection, "acme", 1);

        assertThat(ids(index.nearest(connection, "acme", vector(1, 0, 0, 0), 10))).containsExactly(2L);
        assertThat(index.count(connection, "globex")).as("same memory id in another tenant stays").isEqualTo(1);

        index.deleteTenant(connection, "acme");

        assertThat(index.count(connection, "acme")).isZero();
        assertThat(index.count(connection, "globex")).isEqualTo(1);
    }

    @Test
    void joinsTheCallersTransaction() throws SQLException {
        connection.setAutoCommit(false);
        index.replace(connection, "acme", 1, List.of(vector(1, 0, 0, 0)));
        connection.rollback();
        connection.setAutoCommit(true);

        assertThat(index.count(connection, "acme")).isZero();
    }

    @Test
    void keepsVectorsInTheDatabaseFile() throws SQLException {
        index.replace(connection, "acme", 5, List.of(vector(0, 0, 0, 1)));
        connection.close();

        connection = open();

        assertThat(ids(index.nearest(connection, "acme", vector(0, 0, 0, 1), 1))).containsExactly(5L);
    }

    @Test
    void rejectsVectorsOfAnotherDimension() throws SQLException {
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
    void dropRemovesTheTableSoAnotherModelCanStartOver() throws SQLException {
        index.replace(connection, "acme", 1, List.of(vector(1, 0, 0, 0)));

        index.drop(connection);
        SqliteVectorIndex wider = new SqliteVectorIndex("memory_vectors", 8);
        wider.createIfAbsent(connection);

        assertThat(wider.existingDimension(connection)).hasValue(8);
        assertThat(wider.count(connection, "acme")).isZero();
    }

    @Test
    void encodesVectorsAsLittleEndianFloat32() {
        byte[] blob = SqliteVectorIndex.toBlob(vector(1f, -2f));

        assertThat(blob).containsExactly(0x00, 0x00, (byte) 0x80, 0x3f, 0x00, 0x00, 0x00, (byte) 0xc0);
    }

    @Test
    void rejectsUnsafeTableNamesAndLimits() {
        assertThatThrownBy(() -> new SqliteVectorIndex("v; DROP TABLE memories", 4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.nearest(connection, "acme", vector(1, 0, 0, 0), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
