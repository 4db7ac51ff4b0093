package dev.strata.adapters.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Plain-JDBC statements on a connection the caller holds (a {@link Transactions} work, {@link JdbcReads}). */
final class Jdbc {

    /** Reads one row of a result; the result set is positioned on it. */
    @FunctionalInterface
    interface RowReader {
        void read(ResultSet row) throws SQLException;
    }

    /** Maps one row of a result to a value; the result set is positioned on it. */
    @FunctionalInterface
    interface RowMapper<T> {
        T map(ResultSet row) throws SQLException;
    }

    private Jdbc() {
    }

    static void bind(PreparedStatement statement, List<?> params) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            statement.setObject(i + 1, params.get(i));
        }
    }

    /** Runs an INSERT, UPDATE or DELETE; returns how many rows it changed. */
    static int update(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            bind(statement, nullable(params));
            return statement.executeUpdate();
        }
    }

    /** The rowid the connection's last INSERT gave. */
    static long lastInsertRowid(Connection c) throws SQLException {
        return firstLong(c, "SELECT last_insert_rowid()", List.of()).orElseThrow();
    }

    static void forEach(Connection c, String sql, List<?> params, RowReader reader) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            bind(statement, params);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    reader.read(rows);
                }
            }
        }
    }

    /** Every row of a query, mapped. */
    static <T> List<T> list(Connection c, String sql, List<?> params, RowMapper<T> mapper) throws SQLException {
        List<T> out = new ArrayList<>();
        forEach(c, sql, params, row -> out.add(mapper.map(row)));
        return out;
    }

    /** The first row of a query, mapped, or empty when there is none. */
    static <T> Optional<T> first(Connection c, String sql, List<?> params, RowMapper<T> mapper) throws SQLException {
        List<T> rows = list(c, sql, params, mapper);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
    }

    /** The first column of the first row as a number, or empty when there is no row. */
    static OptionalLong firstLong(Connection c, String sql, List<?> params) throws SQLException {
        OptionalLong[] value = {OptionalLong.empty()};
        forEach(c, sql, params, row -> {
            if (value[0].isEmpty()) {
                value[0] = OptionalLong.of(row.getLong(1));
            }
        });
        return value[0];
    }

    /**
     * The rows a batch changed: the sum of its statements' counts. An {@code ON CONFLICT DO NOTHING}
     * statement that skipped its row counts 0, so this is the number of rows a batch of such inserts added.
     */
    static int changed(int[] counts) {
        int total = 0;
        for (int count : counts) {
            if (count < 0) {
                throw new IllegalStateException("the driver did not report a batch statement's row count: " + count);
            }
            total += count;
        }
        return total;
    }

    /** {@link List#of} refuses nulls, and SQL NULL parameters are common. */
    private static List<Object> nullable(Object[] params) {
        return java.util.Arrays.asList(params);
    }
}
