package dev.strata.adapters.sqlite;

import io.helidon.dbclient.DbClientException;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads on one pooled connection with plain JDBC, for the hot read paths: a search runs up to a
 * dozen small statements, and Helidon's DbClient adds about 50 µs to each and tens of microseconds
 * to each row it maps, more than the statements themselves cost. Failures surface as
 * {@link DbClientException}, like every other read, so callers classify them in one way.
 */
final class JdbcReads implements AutoCloseable {

    private final Connection connection;

    JdbcReads(SqliteDatabase database) {
        try {
            this.connection = database.connection();
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The first column of the first row as a number, or empty when there is no row. */
    OptionalLong optionalLong(String sql, List<?> params) {
        try {
            return Jdbc.firstLong(connection, sql, params);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    <T> List<T> list(String sql, List<?> params, Jdbc.RowMapper<T> mapper) {
        try {
            return Jdbc.list(connection, sql, params, mapper);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    <T> Optional<T> first(String sql, List<?> params, Jdbc.RowMapper<T> mapper) {
        try {
            return Jdbc.first(connection, sql, params, mapper);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    void forEach(String sql, List<?> params, Jdbc.RowReader reader) {
        try {
            Jdbc.forEach(connection, sql, params, reader);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private static DbClientException failure(SQLException e) {
        return new DbClientException(e.getMessage(), e);
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw failure(e);
        }
    }
}
