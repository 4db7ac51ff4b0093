package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The external-content FTS5 index follows the memories table through every kind of change. */
class FtsIndexTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore store;

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
        store = new SqliteMemoryStore(db);
    }

    @AfterEach
    void close() {
        assertThat(TempDatabase.column(db, "PRAGMA integrity_check")).containsExactly("ok");
        // FTS5's own check compares the index with the content table; it raises an error when they differ.
        TempDatabase.execute(db, "INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)");
        db.close();
    }

    private Memory write(String content) {
        return store.insert(new NewMemory(Tenant.DEFAULT, Category.LESSON, content, Metadata.EMPTY, Source.USER_MANUAL),
                T0);
    }

    private long matches(String term) {
        return Long.parseLong(TempDatabase.column(db, "SELECT COUNT(*) FROM memories_fts WHERE memories_fts MATCH '"
                + term + "'").get(0));
    }

    @Test
    void insert_indexes_the_content() {
        write("trailing stops protect profits");
        assertThat(matches("trailing")).isEqualTo(1);
        assertThat(matches("protect")).isEqualTo(1);
    }

    @Test
    void update_reindexes_old_and_new_text() {
        Memory m = write("prefers weekly charts");
        store.update(Tenant.DEFAULT, m.id(), new MemoryChange(Optional.of("prefers daily candles"), Optional.empty()),
                T0.plusSeconds(1));
        assertThat(matches("weekly")).isZero();
        assertThat(matches("daily")).isEqualTo(1);
    }

    @Test
    void soft_delete_and_restore_leave_the_index_alone_while_purge_removes_the_row() {
        Memory m = write("bridges are risky");
        store.softDelete(Tenant.DEFAULT, m.id(), T0.plusSeconds(1));
        assertThat(matches("bridges")).isEqualTo(1);
        store.restore(Tenant.DEFAULT, m.id(), T0);
        assertThat(matches("bridges")).isEqualTo(1);

        store.softDelete(Tenant.DEFAULT, m.id(), T0.plusSeconds(2));
        assertThat(store.purgeDeletedBefore(T0.plusSeconds(3))).isEqualTo(1);
        assertThat(matches("bridges")).isZero();
    }

    @Test
    void porter_stemming_matches_other_word_forms() {
        write("the user likes trailing stops");
        assertThat(matches("like")).isEqualTo(1);
        assertThat(matches("trail")).isEqualTo(1);
    }
}
