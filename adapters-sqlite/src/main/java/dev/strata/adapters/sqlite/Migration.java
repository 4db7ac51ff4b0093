package dev.strata.adapters.sqlite;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One schema step. Statements are kept as a list rather than a script so trigger bodies, which
 * contain semicolons, need no fragile splitting. Applied once, in one transaction, in version order.
 * A step may end with a {@link Backfill}: Java work in the same transaction, for rows that SQL alone
 * cannot derive (the typed edges come from the Java extractor).
 */
record Migration(int version, String name, List<String> statements, Optional<Backfill> backfill) {

    /** Fills rows after the statements ran, on the migration's transaction (see {@link Transactions}). */
    @FunctionalInterface
    public interface Backfill {
        void run(Connection tx, Instant now) throws SQLException;
    }

    public Migration {
        if (version < 1) {
            throw new IllegalArgumentException("version must be positive");
        }
        statements = List.copyOf(statements);
        Objects.requireNonNull(backfill, "backfill");
    }

    public Migration(int version, String name, List<String> statements) {
        this(version, name, statements, Optional.empty());
    }
}
