package dev.strata.adapters.sqlite;

import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.model.Embedding;
import dev.strata.domain.retrieval.VectorMatch;
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

/** The VectorStore port on a pooled database whose every connection has sqlite-vec loaded. */
class SqliteVectorStoreTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
    private static final Tenant A = Tenant.of("a");
    private static final Tenant B = Tenant.of("b");

    @TempDir
    static Path libraries;
    private static SqliteVecExtension extension;

    @TempDir
    Path data;
    private SqliteDatabase db;

    @BeforeAll
    static void loadOnce() {
        extension = SqliteVecExtension.bundled(libraries);
        assertThat(extension.isAvailable()).as("sqlite-vec must load here: %s", extension.unavailableReason()).isTrue();
    }

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    private SqliteVectorStore open() {
        db = SqliteDatabase.open(data.resolve("strata.db"), SqliteSettings.DEFAULTS, CLOCK, extension);
        return SqliteVectorStore.open(db, extension, 3).orElseThrow();
    }

    private static Embedding v(float... values) {
        return new Embedding(values);
    }

    @Test
    void nearestIsScopedToTheTenantAndClosestFirst() {
        SqliteVectorStore store = open();
        store.replace(A, MemoryId.of(1), List.of(v(1, 0, 0)));
        store.replace(A, MemoryId.of(2), List.of(v(0, 1, 0), v(0.9f, 0.1f, 0)));
        store.replace(B, MemoryId.of(3), List.of(v(1, 0, 0)));

        List<VectorMatch> hits = store.nearest(A, v(1, 0, 0), 10);

        assertThat(hits).extracting(h -> h.memory().value()).containsExactly(1L, 2L);
        assertThat(hits.getFirst().distance()).isLessThan(hits.get(1).distance());
    }

    @Test
    void replaceAndDeleteChangeWhatIsFound() {
        SqliteVectorStore store = open();
        store.replace(A, MemoryId.of(1), List.of(v(1, 0, 0)));
        store.replace(A, MemoryId.of(1), List.of(v(0, 0, 1)));
        assertThat(store.nearest(A, v(0, 0, 1), 1).getFirst().distance()).isLessThan(1e-6);

        store.delete(A, MemoryId.of(1));
        assertThat(store.nearest(A, v(0, 0, 1), 5)).isEmpty();
    }

    @Test
    void vectorsOfPurgedMemoriesArePruned() {
        SqliteVectorStore store = open();
        SqliteMemoryStore memories = new SqliteMemoryStore(db);
        Memory kept = memories.insert(new NewMemory(A, Category.OBSERVATION, "kept", Metadata.EMPTY,
                Source.AGENT_RECORDED), CLOCK.instant());
        Memory purged = memories.insert(new NewMemory(A, Category.OBSERVATION, "purged", Metadata.EMPTY,
                Source.AGENT_RECORDED), CLOCK.instant());
        store.replace(A, kept.id(), List.of(v(1, 0, 0)));
        store.replace(A, purged.id(), List.of(v(0, 1, 0)));
        memories.softDelete(A, purged.id(), CLOCK.instant());
        memories.purgeDeletedBefore(CLOCK.instant().plusSeconds(1));

        assertThat(store.deleteOrphans()).isEqualTo(1);
        assertThat(store.nearest(A, v(0, 1, 0), 5)).extracting(VectorMatch::memory).containsExactly(kept.id());
    }

    @Test
    void aTableOfAnotherDimensionIsRefused() {
        open();
        assertThatThrownBy(() -> SqliteVectorStore.open(db, extension, 4))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("re-embed");
    }

    @Test
    void withoutTheExtensionThereIsNoVectorStoreAndTheDatabaseStillWorks() {
        SqliteVecExtension missing = SqliteVecExtension.fromLibrary(data.resolve("no-such-vec0.so"));
        db = SqliteDatabase.open(data.resolve("strata.db"), SqliteSettings.DEFAULTS, CLOCK, missing);

        assertThat(SqliteVectorStore.open(db, missing, 3)).isEmpty();
        SqliteMemoryStore memories = new SqliteMemoryStore(db);
        Memory m = memories.insert(new NewMemory(A, Category.OBSERVATION, "still searchable", Metadata.EMPTY,
                Source.AGENT_RECORDED), CLOCK.instant());
        assertThat(memories.find(A, m.id())).isPresent();
    }
}
