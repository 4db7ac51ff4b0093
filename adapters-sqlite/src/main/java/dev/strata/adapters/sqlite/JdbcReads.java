package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Supersession;
import dev.strata.domain.memory.Tenant;
import io.helidon.dbclient.DbClientException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads on one pooled connection with plain JDBC, for the search path: a search runs up to a dozen
 * small statements, and Helidon's DbClient adds about 50 µs to each and tens of microseconds to
 * each row it maps, more than the statements themselves cost. Failures surface as
 * {@link DbClientException}, like every other read, so callers classify them in one way.
 */
final class JdbcReads implements AutoCloseable {

    interface RowReader {
        void read(ResultSet row) throws SQLException;
    }

    private final Connection connection;

    JdbcReads(SqliteDatabase database) {
        try {
            this.connection = database.connection();
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The first column of the first row as a number, or empty when there is no row. */
    OptionalLong optionalLong(String sql, List<Object> params) {
        OptionalLong[] value = {OptionalLong.empty()};
        forEach(sql, params, row -> {
            if (value[0].isEmpty()) {
                value[0] = OptionalLong.of(row.getLong(1));
            }
        });
        return value[0];
    }

    void forEach(String sql, List<Object> params, RowReader reader) {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < params.size(); i++) {
                statement.setObject(i + 1, params.get(i));
            }
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    reader.read(rows);
                }
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** A row selected with {@link SqliteMemoryStore#COLUMNS}. */
    static Memory memory(ResultSet r) throws SQLException {
        long supersedesId = r.getLong("supersedes_id");
        Optional<Supersession> supersedes = supersedesId == 0 ? Optional.empty()
                : Optional.of(new Supersession(MemoryId.of(supersedesId),
                        optional(r, "supersede_reason").orElse(Supersession.MINOR_CORRECTION)));
        return new Memory(
                MemoryId.of(r.getLong("id")),
                Tenant.of(r.getString("tenant")),
                Category.resolve(r.getString("category")),
                r.getString("content"),
                optional(r, "metadata").map(Metadata::new).orElse(Metadata.EMPTY),
                Source.parse(r.getString("source")),
                Timestamps.parse(r.getString("created_at")),
                Timestamps.parse(r.getString("updated_at")),
                optional(r, "deleted_at").map(Timestamps::parse),
                optional(r, "key").map(MemoryKey::new),
                supersedes,
                optional(r, "superseded_at").map(Timestamps::parse));
    }

    /** The columns are selected as {@code COALESCE(col, '')}: empty means absent, as in {@link Columns}. */
    private static Optional<String> optional(ResultSet r, String column) throws SQLException {
        return Optional.ofNullable(r.getString(column)).filter(s -> !s.isEmpty());
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
