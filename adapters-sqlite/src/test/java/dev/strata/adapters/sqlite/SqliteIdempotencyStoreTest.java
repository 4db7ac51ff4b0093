package dev.strata.adapters.sqlite;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.idempotency.IdempotencyRecord.State;
import dev.strata.domain.idempotency.IdempotencyStore;
import dev.strata.domain.idempotency.IdempotencyStoreContract;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The contract on a real file, plus what only a database can show: the mark commits with the write, or not at all. */
class SqliteIdempotencyStoreTest extends IdempotencyStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore memories;

    @Override
    protected IdempotencyStore createStore() {
        db = TempDatabase.open(dir);
        memories = new SqliteMemoryStore(db);
        return new SqliteIdempotencyStore(db);
    }

    @Override
    protected void commitAWrite() {
        memories.insert(new NewMemory(ALICE, Category.OBSERVATION, "written under the key", Metadata.EMPTY,
                Source.USER_MANUAL), T0);
    }

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    @Test
    void a_write_that_rolls_back_leaves_the_claim_pending() {
        store.claim(ALICE, KEY, "fp", T0, T0.minus(Duration.ofDays(1)));

        assertThatThrownBy(() -> store.markingWrites(ALICE, KEY, () -> new Transactions(db).write("fail", c -> {
            Jdbc.update(c, "INSERT INTO audit_log(tenant, action, subject, detail, created_at) VALUES "
                    + "('alice', 'a', 's', 'd', '2026-01-01T00:00:00.000Z')");
            throw new ConflictException("refused after writing inside the transaction");
        }))).isInstanceOf(ConflictException.class);

        assertThat(store.find(ALICE, KEY).orElseThrow().state()).isEqualTo(State.PENDING);
        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM audit_log")).containsExactly("0");
    }

    @Test
    void the_applied_mark_and_the_answer_survive_closing_and_reopening_the_file() {
        store.claim(ALICE, KEY, "fp", T0, T0.minus(Duration.ofDays(1)));
        store.markingWrites(ALICE, KEY, () -> {
            commitAWrite();
            return null;
        });
        db.close();

        db = TempDatabase.open(dir);
        IdempotencyStore reopened = new SqliteIdempotencyStore(db);
        assertThat(reopened.find(ALICE, KEY).orElseThrow().state()).isEqualTo(State.APPLIED);

        reopened.answer(ALICE, KEY, CREATED);
        db.close();
        db = TempDatabase.open(dir);
        assertThat(new SqliteIdempotencyStore(db).find(ALICE, KEY).orElseThrow().answer()).contains(CREATED);
    }

    @Test
    void marks_of_another_database_are_not_written_into_this_one() {
        Path other = dir.resolve("other");
        other.toFile().mkdirs();
        SqliteDatabase second = TempDatabase.open(other);
        try {
            store.claim(ALICE, KEY, "fp", T0, T0.minus(Duration.ofDays(1)));
            store.markingWrites(ALICE, KEY, () -> new SqliteMemoryStore(second).insert(new NewMemory(ALICE,
                    Category.OBSERVATION, "elsewhere", Metadata.EMPTY, Source.USER_MANUAL), T0));

            assertThat(store.find(ALICE, KEY).orElseThrow().state()).isEqualTo(State.PENDING);
            assertThat(TempDatabase.column(second, "SELECT COUNT(*) FROM memories")).containsExactly("1");
        } finally {
            second.close();
        }
    }

    @Test
    void a_claim_while_another_writer_holds_the_lock_fails_as_unavailable_and_claims_nothing() throws Exception {
        db.close();
        db = SqliteDatabase.open(dir.resolve("strata.db"), new SqliteSettings(2, Duration.ofMillis(200),
                SqliteSettings.DEFAULTS.synchronous(), 0, Duration.ZERO, 10), TempDatabase.CLOCK);
        store = new SqliteIdempotencyStore(db);
        try (Connection holder = db.connection(); Statement s = holder.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            assertThatThrownBy(() -> store.claim(ALICE, KEY, "fp", T0, T0.minus(Duration.ofDays(1))))
                    .isInstanceOf(UnavailableException.class);
            s.execute("ROLLBACK");
        }
        assertThat(store.find(ALICE, KEY)).isEmpty();
        assertThat(store.claim(ALICE, KEY, "fp", T0, T0.minus(Duration.ofDays(1)))).isEmpty();
    }
}
