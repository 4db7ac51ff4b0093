package dev.strata.adapters.sqlite;

import io.helidon.dbclient.DbRow;

import java.util.Optional;

/**
 * Typed reads of result columns. SQLite values are dynamically typed (a COUNT is an Integer until it
 * is not), so numbers are read as {@link Number} and narrowed here instead of trusting a mapper.
 */
final class Columns {

    private Columns() {
    }

    static long longValue(DbRow row, String column) {
        return ((Number) required(row, column)).longValue();
    }

    static double doubleValue(DbRow row, String column) {
        return ((Number) required(row, column)).doubleValue();
    }

    static String string(DbRow row, String column) {
        return required(row, column).toString();
    }

    /**
     * A nullable text column. Helidon's column values cannot represent SQL NULL, so queries select
     * such columns as {@code COALESCE(col, '')} and the empty string reads back as absent.
     */
    static Optional<String> optionalString(DbRow row, String column) {
        return Optional.of(string(row, column)).filter(s -> !s.isEmpty());
    }

    private static Object required(DbRow row, String column) {
        return row.column(column).asOptional()
                .orElseThrow(() -> new IllegalStateException("column " + column + " is unexpectedly NULL"));
    }
}
