package dev.strata.adapters.sqlite;

import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.graph.MemoryEdge;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Migration 11's back-fill, the one place the SQLite adapter derives anything: rows written before
 * the edge table existed get their edges when the schema is upgraded, before any use case runs (on
 * the write path the application derives edges and the store only saves them). The architecture
 * rule that keeps domain policy out of adapters exempts schema migrations by this class's name.
 */
final class EdgeBackfillMigration {

    private static final System.Logger LOG = System.getLogger(EdgeBackfillMigration.class.getName());
    private static final int BACKFILL_PAGE = 500;

    private EdgeBackfillMigration() {
    }

    /**
     * Migration 11's backfill: the edges of every memory stored before the table existed, deleted
     * and superseded rows included (a restore must find its edges). Deterministic, since the
     * extractor is; re-running it later ({@code strata edges rebuild}) adds nothing.
     */
    static void run(Connection tx, Instant now) throws SQLException {
        EdgeExtractor extractor = new EdgeExtractor(new FinanceEntityExtractor());
        String createdAt = Timestamps.format(now);
        long after = 0;
        while (true) {
            record Row(long id, String tenant, String content) {
            }
            List<Row> page = new ArrayList<>();
            Jdbc.forEach(tx, "SELECT id, tenant, content FROM memories WHERE id > ? ORDER BY id LIMIT ?",
                    List.of(after, BACKFILL_PAGE), r -> page.add(new Row(r.getLong(1), r.getString(2),
                            r.getString(3))));
            for (Row row : page) {
                after = row.id();
                List<MemoryEdge> edges;
                try {
                    edges = extractor.extract(row.content());
                } catch (RuntimeException e) {
                    // An extractor defect must not make the database unopenable; the rebuild command retries.
                    LOG.log(System.Logger.Level.WARNING, "no edges back-filled for memory " + row.id(), e);
                    continue;
                }
                // The tenant as stored (not re-validated): a legacy value must not fail the upgrade either.
                MemoryEdgeRows.insertStored(tx, row.tenant(), row.id(), edges, createdAt);
            }
            if (page.size() < BACKFILL_PAGE) {
                return;
            }
        }
    }
}
