package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The doctor's counts on a real file, over rows written behind the stores' back. */
class SqliteHealthCountsTest {

    @TempDir
    Path dir;

    @Test
    void counts_methodologies_embedding_states_and_edges_per_source() throws Exception {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteHealthCounts counts = new SqliteHealthCounts(db);
            assertThat(counts.methodologies()).isEmpty();
            assertThat(counts.edgesBySource()).isEmpty();
            assertThat(counts.roleMemoryEmbeddings()).isEqualTo(new SqliteHealthCounts.RoleEmbeddings(0, 0));

            try (Connection c = db.connection(); Statement s = c.createStatement()) {
                String t = "'2026-01-01T00:00:00Z'";
                for (String[] m : new String[][] {{"b", "0", "x"}, {"b", "1", "y"}, {"b", "1", "z"}, {"a", "1", "w"}}) {
                    s.execute("INSERT INTO methodologies(tenant, asset_class, title, body, normalized_key, confidence, "
                            + "quarantine, provenance, created_at, updated_at) VALUES ('" + m[0] + "', 'stocks', 't', 'b', '"
                            + m[2] + "', 0.5, " + m[1] + ", 'seed', " + t + ", " + t + ")");
                }
                s.execute("INSERT INTO memories(tenant, category, content, created_at, updated_at) VALUES "
                        + "('a', 'lesson', 'bought BTC', " + t + ", " + t + "), ('a', 'lesson', 'two', " + t + ", " + t + "), "
                        + "('b', 'lesson', 'gone', " + t + ", " + t + ")");
                s.execute("UPDATE memories SET embedding_state = 'failed' WHERE content = 'two'");
                s.execute("UPDATE memories SET deleted_at = " + t + " WHERE content = 'gone'");
                s.execute("INSERT INTO role_memory(tenant, role, decision, created_at, updated_at) VALUES "
                        + "('a', 'r.x', 'd1', " + t + ", " + t + "), ('a', 'r.x', 'd2', " + t + ", " + t + ")");
                s.execute("UPDATE role_memory SET embedding = x'00000000', embedding_model = 'm' WHERE decision = 'd1'");
                s.execute("INSERT INTO memory_edges(tenant, src_table, src_id, dst_entity_kind, dst_entity_key, edge_type, "
                        + "created_at) VALUES ('a', 'memories', 1, 'ticker', 'BTC', 'holds', " + t + "), ('a', 'role_memory', "
                        + "1, 'ticker', 'BTC', 'mentions', " + t + "), ('a', 'role_memory', 2, 'ticker', 'ETH', 'mentions', "
                        + t + ")");
            }

            assertThat(counts.methodologies()).containsExactly(
                    new SqliteHealthCounts.MethodologyCounts(Tenant.of("a"), 0, 1),
                    new SqliteHealthCounts.MethodologyCounts(Tenant.of("b"), 1, 2));
            assertThat(counts.memoryEmbeddingStates()).isEqualTo(Map.of("pending", 1L, "failed", 1L));
            assertThat(counts.roleMemoryEmbeddings()).isEqualTo(new SqliteHealthCounts.RoleEmbeddings(1, 1));
            assertThat(counts.edgesBySource()).isEqualTo(Map.of("memories", 1L, "role_memory", 2L));
            assertThat(counts.tenantsWithMemoryEdges()).containsExactly(Tenant.of("a"));
        }
    }
}
