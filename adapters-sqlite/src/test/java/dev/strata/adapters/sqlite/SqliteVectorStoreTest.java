package dev.strata.adapters.sqlite;

import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.VectorMatch;
import dev.strata.domain.retrieval.VectorStore;
import dev.strata.domain.retrieval.VectorStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The VectorStore contract, and what only SQLite has, on a pooled database whose every connection has sqlite-vec loaded. */
class SqliteVectorStoreTest extends VectorStoreContract {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
    private static final Tenant A = Tenant.of("a");

    @TempDir
    static Path libraries;
    private static SqliteVecExtension extension;

    @TempDir
    Path data;
    private SqliteDatabase db;
    private SqliteVectorStore sqliteStore;

    @BeforeAll
    static void loadOnce() {
        extension = SqliteVecExtension.bundled(libraries);
        assertThat(extension.isAvailable()).as("sqlite-vec must load here: %s", extension.unavailableReason()).isTrue();
    }

    @Override
    protected VectorStore createStore() {
        db = SqliteDatabase.open(data.resolve("strata.db"), SqliteSettings.DEFAULTS, CLOCK, extension);
        sqliteStore = SqliteVectorStore.open(db, extension, DIMENSION).orElseThrow();
        return sqliteStore;
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void vectors_of_purged_memories_are_pruned() {
        SqliteMemoryStore memories = new SqliteMemoryStore(db);
        Memory kept = memories.insert(new NewMemory(A, Category.OBSERVATION, "kept", Metadata.EMPTY,
                Source.AGENT_RECORDED), CLOCK.instant());
        Memory purged = memories.insert(new NewMemory(A, Category.OBSERVATION, "purged", Metadata.EMPTY,
                Source.AGENT_RECORDED), CLOCK.instant());
        store.replace(A, kept.id(), List.of(v(1, 0, 0)));
        store.replace(A, purged.id(), List.of(v(0, 1, 0)));
        memories.softDelete(A, purged.id(), CLOCK.instant());
        memories.purgeDeletedBefore(CLOCK.instant().plusSeconds(1));

        assertThat(store.nearest(A, v(0, 1, 0), 5)).as("held in memory before the purge")
                .extracting(VectorMatch::memory).containsExactly(purged.id(), kept.id());
        assertThat(sqliteStore.inMemoryBytes()).isPositive();

        assertThat(sqliteStore.deleteOrphans()).isEqualTo(1);
        assertThat(store.nearest(A, v(0, 1, 0), 5)).extracting(VectorMatch::memory).containsExactly(kept.id());
        assertThat(sqliteStore.nearestExact(A, v(0, 1, 0), 5)).extracting(VectorMatch::memory)
                .containsExactly(kept.id());
    }

    @Test
    void a_redaction_sweeps_vectors_are_gone_from_the_next_search() {
        SqliteMemoryStore memories = new SqliteMemoryStore(db);
        Memory m = memories.insert(new NewMemory(A, Category.OBSERVATION, "redacted", Metadata.EMPTY,
                Source.AGENT_RECORDED), CLOCK.instant());
        store.replace(A, m.id(), List.of(v(1, 0, 0)));
        assertThat(store.nearest(A, v(1, 0, 0), 5)).hasSize(1);

        // Another code path on the same table (the redaction sweep deletes through the index, not the store).
        try (var c = db.connection()) {
            new dev.strata.adapters.sqlite.vec.SqliteVectorIndex(dev.strata.adapters.sqlite.vec.SqliteVectorIndex
                    .DEFAULT_TABLE, 1).delete(c, A.value(), m.id().value());
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }

        assertThat(store.nearest(A, v(1, 0, 0), 5)).isEmpty();
    }

    @Test
    void a_table_of_another_dimension_is_refused() {
        assertThatThrownBy(() -> SqliteVectorStore.open(db, extension, DIMENSION + 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("re-embed");
    }

    @Test
    void without_the_extension_there_is_no_vector_store_and_the_database_still_works() {
        SqliteVecExtension missing = SqliteVecExtension.fromLibrary(data.resolve("no-such-vec0.so"));
        try (SqliteDatabase plain = SqliteDatabase.open(data.resolve("plain.db"), SqliteSettings.DEFAULTS, CLOCK,
                missing)) {
            assertThat(SqliteVectorStore.open(plain, missing, DIMENSION)).isEmpty();
            SqliteMemoryStore memories = new SqliteMemoryStore(plain);
            Memory m = memories.insert(new NewMemory(A, Category.OBSERVATION, "still searchable", Metadata.EMPTY,
                    Source.AGENT_RECORDED), CLOCK.instant());
            assertThat(memories.find(A, m.id())).isPresent();
        }
    }
}
