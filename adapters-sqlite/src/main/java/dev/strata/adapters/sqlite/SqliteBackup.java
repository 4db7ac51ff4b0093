package dev.strata.adapters.sqlite;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Online backup and offline restore of the database file.
 *
 * <p>A backup is {@code VACUUM INTO}: one read transaction, so in WAL mode it sees a single consistent
 * snapshot while writers carry on, and it writes a compact copy that needs no WAL beside it. A restore
 * replaces the file only when nothing has the database open (its {@link DatabaseLock} is free), and
 * only with a copy that passes SQLite's integrity check and carries Strata's schema.
 */
public final class SqliteBackup {

    private static final int BUSY_TIMEOUT_MS = 10_000;

    private SqliteBackup() {
    }

    /** What a backup file holds. */
    public record Summary(Path file, long bytes, long schemaVersion, long memories) {
        public Summary {
            Objects.requireNonNull(file, "file");
        }
    }

    /**
     * Copies the live database to {@code target} while it serves. The copy is written beside the target
     * and moved into place once it has passed the integrity check, so a failed backup leaves no file.
     *
     * @throws IllegalStateException when there is no database, the target exists and {@code overwrite} is
     *                               false, or the copy fails
     */
    public static Summary backup(Path database, Path target, boolean overwrite) {
        Path source = database.toAbsolutePath();
        Path destination = target.toAbsolutePath();
        if (!Files.isRegularFile(source)) {
            throw new IllegalStateException("there is no database at " + source);
        }
        if (Files.exists(destination) && !overwrite) {
            throw new IllegalStateException(destination + " already exists (use --force to overwrite it)");
        }
        if (destination.equals(source)) {
            throw new IllegalStateException("the backup cannot be the database itself");
        }
        Path partial = destination.resolveSibling(destination.getFileName() + ".partial");
        try {
            Files.createDirectories(destination.getParent());
            Files.deleteIfExists(partial);
            try (Connection c = connect(source); PreparedStatement vacuum = c.prepareStatement("VACUUM INTO ?")) {
                vacuum.setString(1, partial.toString());
                vacuum.execute();
            }
            Summary summary = validate(partial);
            move(partial, destination);
            return new Summary(destination, summary.bytes(), summary.schemaVersion(), summary.memories());
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("backup failed: " + e.getMessage(), e);
        } finally {
            deleteQuietly(partial);
        }
    }

    /**
     * Replaces the database with a backup. Refuses while anything has the database open, and holds the
     * database's lock throughout so nothing can open it midway. The backup is copied beside the database
     * and checked there; the old WAL and shared-memory files are removed before the copy is moved into
     * place, so a WAL from the old file can never be replayed onto the restored one.
     *
     * @throws IllegalStateException when the database is live, or the backup is missing or unsound
     */
    public static Summary restore(Path backup, Path database) {
        Path source = backup.toAbsolutePath();
        Path destination = database.toAbsolutePath();
        if (!Files.isRegularFile(source)) {
            throw new IllegalStateException("there is no backup at " + source);
        }
        try {
            Files.createDirectories(destination.getParent());
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the data directory " + destination.getParent() + ": "
                    + e.getMessage(), e);
        }
        try (DatabaseLock lock = DatabaseLock.tryExclusive(destination).orElseThrow(() -> new IllegalStateException(
                "the database " + destination + " is in use (a server or command has it open); stop it first"))) {
            Path incoming = destination.resolveSibling(destination.getFileName() + ".restoring");
            try {
                Files.copy(source, incoming, StandardCopyOption.REPLACE_EXISTING);
                Summary summary = validate(incoming);
                long newest = Schema.MIGRATIONS.stream().mapToLong(Migration::version).max().orElse(0);
                if (summary.schemaVersion() > newest) {
                    throw new IllegalStateException(source + " has schema version " + summary.schemaVersion()
                            + ", newer than this Strata knows (" + newest + "); restore it with the newer release");
                }
                Files.deleteIfExists(sidecar(destination, "-wal"));
                Files.deleteIfExists(sidecar(destination, "-shm"));
                Files.deleteIfExists(sidecar(destination, "-journal"));
                move(incoming, destination);
                return new Summary(destination, summary.bytes(), summary.schemaVersion(), summary.memories());
            } catch (IOException e) {
                throw new IllegalStateException("restore failed: " + e.getMessage(), e);
            } finally {
                deleteQuietly(incoming);
            }
        }
    }

    /**
     * Checks that a file is a sound Strata database: SQLite's integrity check passes and the schema
     * migrations table is there.
     *
     * @throws IllegalStateException naming what is wrong
     */
    public static Summary validate(Path file) {
        Path absolute = file.toAbsolutePath();
        if (!Files.isRegularFile(absolute)) {
            throw new IllegalStateException("there is no file at " + absolute);
        }
        try (Connection c = connect(absolute)) {
            List<String> problems = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
                while (rs.next()) {
                    problems.add(rs.getString(1));
                }
            }
            if (!problems.equals(List.of("ok"))) {
                throw new IllegalStateException(absolute + " fails the integrity check: "
                        + String.join("; ", problems.subList(0, Math.min(5, problems.size()))));
            }
            if (!hasTable(c, "schema_migrations")) {
                throw new IllegalStateException(absolute + " is not a Strata database (no schema_migrations table)");
            }
            long version = single(c, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
            long memories = hasTable(c, "memories") ? single(c, "SELECT COUNT(*) FROM memories") : 0;
            return new Summary(absolute, Files.size(absolute), version, memories);
        } catch (SQLException e) {
            throw new IllegalStateException(absolute + " is not a readable SQLite database: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + absolute + ": " + e.getMessage(), e);
        }
    }

    private static Connection connect(Path file) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
        }
        return c;
    }

    private static boolean hasTable(Connection c, String name) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static long single(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    private static Path sidecar(Path database, String suffix) {
        return database.resolveSibling(database.getFileName() + suffix);
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // A leftover partial file is harmless: the next attempt deletes it first.
        }
    }
}
