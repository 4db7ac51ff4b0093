package dev.strata.bootstrap.drills;

import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.adapters.sqlite.vec.SqliteVectorIndex;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What "the file is intact" means, checked over plain JDBC on a database no server holds open:
 * SQLite's own integrity check, FTS5's check of each full-text index against its content table, and
 * no vector left behind by a memory that no longer exists.
 */
final class DatabaseChecks {

    private DatabaseChecks() {
    }

    static Connection open(Path file) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
    }

    /** {@code PRAGMA integrity_check}: its rows, which are exactly {@code ["ok"]} for a sound file. */
    static List<String> integrityCheck(Connection c) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }

    /** FTS5's integrity check; throws (SQLITE_CORRUPT_VTAB) when the index disagrees with its table. */
    static void ftsIntegrityCheck(Connection c, String ftsTable) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO " + ftsTable + "(" + ftsTable + ", rank) VALUES('integrity-check', 1)");
        }
    }

    static boolean tableExists(Connection c, String name) throws SQLException {
        try (var s = c.prepareStatement("SELECT 1 FROM sqlite_master WHERE name = ?")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    /**
     * Vectors whose memory row is gone, or empty when the database has no vector table (no embedder
     * has ever run on it). Reading a vec0 table needs the sqlite-vec extension on the connection.
     */
    static OptionalLong orphanVectors(Path file) throws SQLException {
        String table = SqliteVectorIndex.DEFAULT_TABLE;
        try (Connection plain = open(file)) {
            if (!tableExists(plain, table)) {
                return OptionalLong.empty();
            }
        }
        SqliteVecExtension vec = SqliteVecExtension.bundled();
        if (!vec.isAvailable()) {
            throw new IllegalStateException(table + " exists but sqlite-vec cannot load here: "
                    + vec.unavailableReason().orElse("unknown reason"));
        }
        try (Connection c = vec.open("jdbc:sqlite:" + file.toAbsolutePath(), new org.sqlite.SQLiteConfig());
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table + " v WHERE NOT EXISTS "
                     + "(SELECT 1 FROM memories m WHERE m.id = v.memory_id)")) {
            rs.next();
            return OptionalLong.of(rs.getLong(1));
        }
    }

    /** Each memory's {@code embedding_state}, by id. */
    static Map<Long, String> embeddingStates(Path file) throws SQLException {
        Map<Long, String> states = new TreeMap<>();
        try (Connection c = open(file); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, embedding_state FROM memories")) {
            while (rs.next()) {
                states.put(rs.getLong(1), rs.getString(2));
            }
        }
        return states;
    }

    /** The memories that have at least one chunk vector (the vector table must exist). */
    static Set<Long> memoriesWithVectors(Path file) throws SQLException {
        SqliteVecExtension vec = SqliteVecExtension.bundled();
        Set<Long> ids = new TreeSet<>();
        try (Connection c = vec.open("jdbc:sqlite:" + file.toAbsolutePath(), new org.sqlite.SQLiteConfig());
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT DISTINCT memory_id FROM " + SqliteVectorIndex.DEFAULT_TABLE)) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
