package dev.strata.adapters.sqlite;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Opens real SQLite files in a test's temporary directory and reads them back with plain SQL. */
final class TempDatabase {

    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    private TempDatabase() {
    }

    static SqliteDatabase open(Path dir) {
        return SqliteDatabase.open(dir.resolve("strata.db"), SqliteSettings.DEFAULTS, CLOCK);
    }

    /** First column of every row of a query, as text. */
    static List<String> column(SqliteDatabase db, String sql) {
        try (Connection c = db.connection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<String> values = new ArrayList<>();
            while (rs.next()) {
                values.add(rs.getString(1));
            }
            return values;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    static void execute(SqliteDatabase db, String sql) {
        try (Connection c = db.connection(); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
