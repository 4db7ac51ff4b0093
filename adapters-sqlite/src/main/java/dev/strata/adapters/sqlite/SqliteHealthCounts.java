package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The counts {@code strata doctor}'s memory-health section reports (spec 01), read straight from the
 * tables: diagnostics across every tenant with no domain meaning of their own, so no port. Read-only.
 */
public final class SqliteHealthCounts {

    /** A tenant's methodologies by state. */
    public record MethodologyCounts(Tenant tenant, long graduated, long quarantined) {
    }

    /** Role-memory entries with a stored vector, and those still without one. */
    public record RoleEmbeddings(long embedded, long waiting) {
    }

    private final DbClient db;

    public SqliteHealthCounts(SqliteDatabase database) {
        this.db = Objects.requireNonNull(database, "database").dbClient();
    }

    /** Per tenant with methodologies, in name order. */
    public List<MethodologyCounts> methodologies() {
        try (Stream<DbRow> rows = db.execute().query("SELECT tenant, SUM(quarantine = 0) AS graduated, "
                + "SUM(quarantine = 1) AS quarantined FROM methodologies GROUP BY tenant ORDER BY tenant")) {
            return rows.map(r -> new MethodologyCounts(Tenant.of(Columns.string(r, "tenant")),
                    Columns.longValue(r, "graduated"), Columns.longValue(r, "quarantined"))).toList();
        }
    }

    /** Live (not deleted) memories by {@code embedding_state}, in state-name order. */
    public Map<String, Long> memoryEmbeddingStates() {
        Map<String, Long> out = new TreeMap<>();
        try (Stream<DbRow> rows = db.execute().query("SELECT embedding_state AS state, COUNT(*) AS n FROM memories "
                + "WHERE deleted_at IS NULL GROUP BY embedding_state")) {
            rows.forEach(r -> out.put(Columns.string(r, "state"), Columns.longValue(r, "n")));
        }
        return out;
    }

    public RoleEmbeddings roleMemoryEmbeddings() {
        return db.execute().get("SELECT COALESCE(SUM(embedding IS NOT NULL), 0) AS embedded, "
                        + "COALESCE(SUM(embedding IS NULL), 0) AS waiting FROM role_memory")
                .map(r -> new RoleEmbeddings(Columns.longValue(r, "embedded"), Columns.longValue(r, "waiting")))
                .orElse(new RoleEmbeddings(0, 0));
    }

    /** Typed edges by source table ({@code memories}, {@code role_memory}), in name order. */
    public Map<String, Long> edgesBySource() {
        Map<String, Long> out = new TreeMap<>();
        try (Stream<DbRow> rows = db.execute().query("SELECT src_table, COUNT(*) AS n FROM memory_edges GROUP BY src_table")) {
            rows.forEach(r -> out.put(Columns.string(r, "src_table"), Columns.longValue(r, "n")));
        }
        return out;
    }

    /** Tenants with typed edges of memories, in name order (whose top entities the doctor lists). */
    public List<Tenant> tenantsWithMemoryEdges() {
        try (Stream<DbRow> rows = db.execute().query("SELECT DISTINCT tenant FROM memory_edges WHERE src_table = 'memories' "
                + "ORDER BY tenant")) {
            return rows.map(r -> Tenant.of(Columns.string(r, "tenant"))).toList();
        }
    }
}
