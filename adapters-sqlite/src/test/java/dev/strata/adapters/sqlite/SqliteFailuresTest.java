package dev.strata.adapters.sqlite;

import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import java.sql.SQLTransientConnectionException;

import static org.assertj.core.api.Assertions.assertThat;

class SqliteFailuresTest {

    @Test
    void a_full_read_only_or_failing_storage_is_an_outage_wherever_it_is_wrapped() {
        assertThat(SqliteFailures.isUnavailable(new SQLiteException("full", SQLiteErrorCode.SQLITE_FULL))).isTrue();
        assertThat(SqliteFailures.isUnavailable(new IllegalStateException("wrapped",
                new SQLiteException("ro", SQLiteErrorCode.SQLITE_READONLY_DBMOVED)))).isTrue();
        assertThat(SqliteFailures.isUnavailable(new RuntimeException(
                new SQLiteException("io", SQLiteErrorCode.SQLITE_IOERR_FSYNC)))).isTrue();
        assertThat(SqliteFailures.isUnavailable(new RuntimeException(
                new SQLTransientConnectionException("pool timed out")))).isTrue();
        RuntimeException masked = new RuntimeException("rollback failed");
        masked.addSuppressed(new SQLiteException("busy", SQLiteErrorCode.SQLITE_BUSY));
        assertThat(SqliteFailures.isUnavailable(masked)).isTrue();
    }

    @Test
    void defects_are_not_outages() {
        assertThat(SqliteFailures.isUnavailable(new SQLiteException("UNIQUE constraint failed",
                SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE))).isFalse();
        assertThat(SqliteFailures.isUnavailable(new SQLiteException("near \"SELEC\": syntax error",
                SQLiteErrorCode.SQLITE_ERROR))).isFalse();
        assertThat(SqliteFailures.isUnavailable(new NullPointerException())).isFalse();
    }

    @Test
    void contention_invites_a_retry_in_a_second_and_an_outage_invites_none() {
        var busy = SqliteFailures.unavailable("could not write the memory", new IllegalStateException("wrapped",
                new SQLiteException("[SQLITE_BUSY] the database file is locked", SQLiteErrorCode.SQLITE_BUSY)));
        assertThat(busy.retryAfterSeconds()).contains(1L);
        assertThat(busy.getCause()).isInstanceOf(IllegalStateException.class);
        assertThat(SqliteFailures.unavailable("x", new SQLiteException("locked", SQLiteErrorCode.SQLITE_LOCKED))
                .retryAfter()).contains(SqliteFailures.CONTENTION_RETRY);
        assertThat(SqliteFailures.unavailable("x", new SQLTransientConnectionException("pool timed out"))
                .retryAfter()).isPresent();
        RuntimeException masked = new RuntimeException("rollback failed");
        masked.addSuppressed(new SQLiteException("busy", SQLiteErrorCode.SQLITE_BUSY_SNAPSHOT));
        assertThat(SqliteFailures.unavailable("x", masked).retryAfter()).isPresent();

        assertThat(SqliteFailures.unavailable("x", new SQLiteException("full", SQLiteErrorCode.SQLITE_FULL))
                .retryAfter()).isEmpty();
        assertThat(SqliteFailures.unavailable("x", new SQLiteException("ro", SQLiteErrorCode.SQLITE_READONLY))
                .retryAfter()).isEmpty();
        assertThat(SqliteFailures.unavailable("x", new SQLiteException("io", SQLiteErrorCode.SQLITE_IOERR_FSYNC))
                .retryAfter()).isEmpty();
        assertThat(SqliteFailures.retryAfter(new RuntimeException(new SQLiteException("busy",
                SQLiteErrorCode.SQLITE_BUSY)))).contains(SqliteFailures.CONTENTION_RETRY);
        assertThat(SqliteFailures.retryAfter(new SQLiteException("full", SQLiteErrorCode.SQLITE_FULL))).isEmpty();
    }
}
