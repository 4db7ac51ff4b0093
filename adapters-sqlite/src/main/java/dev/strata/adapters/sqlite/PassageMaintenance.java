package dev.strata.adapters.sqlite;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A bulk writer's hold on the passage index (migration 23): between {@link #defer} and {@link #rebuild} the
 * triggers on {@code memories} leave {@code memories_passage_fts} alone, and {@link #rebuild} then builds the
 * passages of the ids written, and of the rows on either side, in one statement and lifts the hold. Both run in
 * the writer's transaction, so the hold is never committed: no other connection sees it, and a rollback (a
 * failed batch) takes it away with the rows. The rebuilt passages are exactly what the triggers would have left,
 * {@link Schema#passagesOf} of every live memory in the range.
 */
final class PassageMaintenance {

    private static final String REBUILD = "INSERT INTO memories_passage_fts(" + Schema.PASSAGE_COLUMNS + ") "
            + Schema.passagesOf("m.id BETWEEN ? AND ?");

    private PassageMaintenance() {
    }

    /** From here on in this transaction, the caller maintains the passages of the rows it writes. */
    static void defer(Connection c) throws SQLException {
        Jdbc.update(c, "INSERT INTO passage_deferral(deferred) VALUES (1)");
    }

    /**
     * Rebuilds the passages of the memories with ids {@code first}-1..{@code last}+1 (the rows written and the
     * neighbours whose passages they join) and hands maintenance back to the triggers.
     */
    static void rebuild(Connection c, long first, long last) throws SQLException {
        Jdbc.update(c, "DELETE FROM memories_passage_fts WHERE rowid BETWEEN ? AND ?", first - 1, last + 1);
        Jdbc.update(c, REBUILD, first - 1, last + 1);
        Jdbc.update(c, "DELETE FROM passage_deferral");
    }
}
