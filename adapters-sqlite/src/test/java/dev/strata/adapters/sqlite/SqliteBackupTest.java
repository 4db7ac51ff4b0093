package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqliteBackupTest {

    @TempDir
    Path dir;

    private static void write(SqliteDatabase db, String content) {
        new SqliteMemoryStore(db).insert(new NewMemory(Tenant.DEFAULT, Category.LESSON, content, Metadata.EMPTY,
                Source.USER_MANUAL), Instant.parse("2026-01-01T00:00:00Z"));
    }

    @Test
    void an_online_backup_of_an_open_database_restores_into_another_data_directory() {
        Path backup = dir.resolve("copies/strata-backup.db");
        try (SqliteDatabase db = TempDatabase.open(dir.resolve("live"))) {
            write(db, "kept in the backup");
            SqliteBackup.Summary summary = SqliteBackup.backup(db.file(), backup, false);
            assertThat(summary.memories()).isEqualTo(1);
            assertThat(summary.schemaVersion()).isEqualTo(Schema.MIGRATIONS.getLast().version());
            write(db, "written after the backup");
        }
        assertThat(backup.resolveSibling("strata-backup.db.partial")).doesNotExist();

        Path restoredDir = dir.resolve("restored");
        SqliteBackup.restore(backup, restoredDir.resolve("strata.db"));
        try (SqliteDatabase db = TempDatabase.open(restoredDir)) {
            assertThat(TempDatabase.column(db, "SELECT content FROM memories")).containsExactly("kept in the backup");
        }
    }

    @Test
    void a_backup_never_overwrites_an_existing_file_unless_forced() throws Exception {
        Path backup = dir.resolve("backup.db");
        Files.writeString(backup, "precious");
        try (SqliteDatabase db = TempDatabase.open(dir.resolve("live"))) {
            assertThatThrownBy(() -> SqliteBackup.backup(db.file(), backup, false))
                    .hasMessageContaining("already exists");
            assertThat(Files.readString(backup)).isEqualTo("precious");
            SqliteBackup.backup(db.file(), backup, true);
        }
        assertThat(SqliteBackup.validate(backup).memories()).isZero();
    }

    @Test
    void a_backup_of_no_database_is_refused() {
        assertThatThrownBy(() -> SqliteBackup.backup(dir.resolve("none/strata.db"), dir.resolve("b.db"), false))
                .hasMessageContaining("there is no database");
        assertThat(dir.resolve("none/strata.db")).doesNotExist();
    }

    @Test
    void a_restore_is_refused_while_the_database_is_open_and_leaves_it_untouched() {
        Path backup = dir.resolve("backup.db");
        try (SqliteDatabase db = TempDatabase.open(dir.resolve("live"))) {
            SqliteBackup.backup(db.file(), backup, false);
            write(db, "live data");
            assertThatThrownBy(() -> SqliteBackup.restore(backup, db.file()))
                    .hasMessageContaining("is in use");
            assertThat(TempDatabase.column(db, "SELECT content FROM memories")).containsExactly("live data");
        }
        SqliteBackup.restore(backup, dir.resolve("live/strata.db"));
        try (SqliteDatabase db = TempDatabase.open(dir.resolve("live"))) {
            assertThat(TempDatabase.column(db, "SELECT content FROM memories")).isEmpty();
        }
    }

    @Test
    void nothing_opens_the_database_while_a_restore_holds_it() throws Exception {
        Path file = Files.createDirectories(dir.resolve("live")).resolve("strata.db");
        try (DatabaseLock restoring = DatabaseLock.tryExclusive(file).orElseThrow()) {
            assertThatThrownBy(() -> TempDatabase.open(dir.resolve("live")))
                    .hasMessageContaining("is being restored");
            assertThat(DatabaseLock.tryExclusive(file)).isEmpty();
        }
        try (SqliteDatabase first = TempDatabase.open(dir.resolve("live"));
             SqliteDatabase second = TempDatabase.open(dir.resolve("live"))) {
            assertThat(DatabaseLock.tryExclusive(file)).as("two openers share the lock").isEmpty();
            first.close();
            assertThat(DatabaseLock.tryExclusive(file)).as("still held by the second").isEmpty();
        }
        try (DatabaseLock free = DatabaseLock.tryExclusive(file).orElseThrow()) {
            assertThat(free).isNotNull();
        }
    }

    @Test
    void a_file_that_is_not_a_strata_database_is_never_restored() throws Exception {
        Path garbage = dir.resolve("garbage.db");
        Files.writeString(garbage, "this is not SQLite at all, just text long enough to look like a header");
        Path target = dir.resolve("live/strata.db");
        try (SqliteDatabase db = TempDatabase.open(dir.resolve("live"))) {
            write(db, "must survive a bad restore");
        }
        assertThatThrownBy(() -> SqliteBackup.restore(garbage, target)).hasMessageContaining("not a readable SQLite");

        Path foreign = dir.resolve("foreign.db");
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + foreign);
             var s = c.createStatement()) {
            s.execute("CREATE TABLE t(x)");
        }
        assertThatThrownBy(() -> SqliteBackup.restore(foreign, target)).hasMessageContaining("not a Strata database");
        assertThat(target.resolveSibling("strata.db.restoring")).doesNotExist();
        try (SqliteDatabase db = TempDatabase.open(dir.resolve("live"))) {
            assertThat(TempDatabase.column(db, "SELECT content FROM memories"))
                    .containsExactly("must survive a bad restore");
        }
    }

    @Test
    void a_backup_from_a_newer_schema_is_not_restored_by_an_older_release() throws Exception {
        Path backup = dir.resolve("newer.db");
        try (SqliteDatabase db = TempDatabase.open(dir.resolve("newer"))) {
            TempDatabase.execute(db, "INSERT INTO schema_migrations(version, name, applied_at) "
                    + "VALUES (999, 'from the future', '2030-01-01T00:00:00Z')");
            SqliteBackup.backup(db.file(), backup, false);
        }
        assertThatThrownBy(() -> SqliteBackup.restore(backup, dir.resolve("live/strata.db")))
                .hasMessageContaining("schema version 999, newer than this Strata knows");
        assertThat(dir.resolve("live/strata.db")).doesNotExist();
    }

    @Test
    void a_data_directory_that_is_a_file_gives_a_clear_error() throws Exception {
        Path notADir = dir.resolve("data");
        Files.writeString(notADir, "a file where the data directory should be");
        assertThatThrownBy(() -> TempDatabase.open(notADir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is not a directory");
    }
}
