package dev.strata.adapters.sqlite;

import dev.strata.domain.error.UnavailableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Slices handed off to a writer thread (the embedding worker's, which computes at a lowered CPU priority): the
 * work runs there as one slice that the stores it calls join, its failure reaches the caller, and the caller
 * waits for it.
 */
class SqliteBackgroundWritesTest {

    @TempDir
    Path dir;
    private SqliteDatabase db;
    private SqliteBackgroundWrites writes;

    @AfterEach
    void close() {
        if (writes != null) {
            writes.close();
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void a_handed_off_slice_runs_on_the_writer_thread_joined_by_the_stores_and_the_caller_waits_for_it() {
        db = TempDatabase.open(dir);
        TempDatabase.execute(db, "CREATE TABLE t (who TEXT NOT NULL)");
        writes = SqliteBackgroundWrites.handedOff(db, "test-writer");
        Transactions store = new Transactions(db);
        List<String> ranOn = new ArrayList<>();
        long slicesBefore = db.writeGate().stats().slices();

        writes.slice(() -> {
            ranOn.add(Thread.currentThread().getName());
            store.write("one", c -> Jdbc.update(c, "INSERT INTO t VALUES ('a')"));
            store.write("two", c -> Jdbc.update(c, "INSERT INTO t VALUES ('b')"));
        });

        assertThat(ranOn).containsExactly("test-writer");
        assertThat(TempDatabase.column(db, "SELECT who FROM t ORDER BY who")).containsExactly("a", "b");
        assertThat(db.writeGate().stats().slices() - slicesBefore).as("both writes joined one slice").isEqualTo(1);
        assertThat(db.writeGate().stats().foregroundWaits()).isZero();
    }

    @Test
    void a_failure_inside_a_handed_off_slice_rolls_it_back_and_reaches_the_caller() {
        db = TempDatabase.open(dir);
        TempDatabase.execute(db, "CREATE TABLE t (who TEXT NOT NULL)");
        writes = SqliteBackgroundWrites.handedOff(db, "test-writer");
        Transactions store = new Transactions(db);

        assertThatThrownBy(() -> writes.slice(() -> {
            store.write("one", c -> Jdbc.update(c, "INSERT INTO t VALUES ('a')"));
            throw new IllegalStateException("the batch is bad");
        })).isInstanceOf(IllegalStateException.class).hasMessage("the batch is bad");
        assertThatThrownBy(() -> writes.slice(() -> store.write("bad", c -> Jdbc.update(c, "INSERT INTO nowhere VALUES (1)"))))
                .isInstanceOf(UnavailableException.class).hasMessageContaining("nowhere");

        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM t")).containsExactly("0");
        writes.slice(() -> store.write("after", c -> Jdbc.update(c, "INSERT INTO t VALUES ('c')")));
        assertThat(TempDatabase.column(db, "SELECT who FROM t")).containsExactly("c");
    }
}
