package dev.strata.adapters.sqlite;

import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.graph.SystemMetadata;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.ExtractedEdges;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Migration 11 on a real file: what {@code memory_edges} rows look like, that they commit or roll
 * back with their memory, that the UNIQUE key makes replays free and that the trigger purges them.
 * The store writes the edges a memory carries; these tests derive them as the application does.
 */
class MemoryEdgesTableTest {

    private static final EdgeExtractor EXTRACTOR = new EdgeExtractor(new FinanceEntityExtractor());

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final Tenant ALICE = Tenant.of("alice");
    private static final String EDGES = "SELECT tenant || ' ' || src_table || ' ' || src_id || ' ' || edge_type || ' ' "
            + "|| dst_entity_kind || ':' || dst_entity_key || ' ' || weight || ' ' || created_at FROM memory_edges "
            + "ORDER BY id";

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore memories;
    private SqliteMemoryEdgeStore edges;

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
        memories = new SqliteMemoryStore(db);
        edges = new SqliteMemoryEdgeStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    private static NewMemory memory(String content) {
        return new NewMemory(ALICE, Category.LESSON, content, Metadata.EMPTY, Source.USER_MANUAL)
                .withEdges(EXTRACTOR.extract(content));
    }

    private static MemoryChange newContent(String content) {
        return new MemoryChange(Optional.of(content), Optional.empty()).withEdges(EXTRACTOR.extract(content));
    }

    private long count(String where) {
        return Long.parseLong(TempDatabase.column(db, "SELECT COUNT(*) FROM memory_edges WHERE " + where).getFirst());
    }

    private long memoryCount() {
        return Long.parseLong(TempDatabase.column(db, "SELECT COUNT(*) FROM memories").getFirst());
    }

    @Test
    void a_write_stores_one_row_per_edge_with_the_tenant_and_the_writers_clock() {
        Memory m = memories.insert(memory("bought BTC and ETH on base"), NOW);

        long id = m.id().value();
        assertThat(TempDatabase.column(db, EDGES)).containsExactly(
                "alice memories " + id + " holds ticker:BTC 1.0 2026-01-01T00:00:00.000Z",
                "alice memories " + id + " holds ticker:ETH 1.0 2026-01-01T00:00:00.000Z",
                "alice memories " + id + " mentions chain:base 1.0 2026-01-01T00:00:00.000Z",
                "alice memories " + id + " co_occurs_with ticker_pair:BTC|ETH 1.0 2026-01-01T00:00:00.000Z");
    }

    @Test
    void a_batch_writes_the_edges_of_every_row_in_the_same_transaction() {
        List<Memory> batch = memories.insertAll(IntStream.range(0, 200)
                .mapToObj(i -> memory(i % 2 == 0 ? "bought SOL and ETH" : "note " + i)).toList(), NOW);

        assertThat(count("1")).isEqualTo(100 * 3);
        for (Memory m : List.of(batch.get(0), batch.get(198))) {
            assertThat(count("src_id = " + m.id().value())).isEqualTo(3);
        }
        assertThat(count("src_id = " + batch.get(199).id().value())).isZero();
    }

    @Test
    void a_failed_edge_write_leaves_neither_the_memory_nor_any_edge() {
        Memory kept = memories.insert(memory("bought BTC"), NOW);
        TempDatabase.execute(db, "CREATE TRIGGER refuse_doge BEFORE INSERT ON memory_edges "
                + "WHEN new.dst_entity_key = 'DOGE' BEGIN SELECT RAISE(ABORT, 'edge refused'); END");
        long edgesBefore = count("1");

        assertThatThrownBy(() -> memories.insert(memory("bought ETH and DOGE"), NOW))
                .rootCause().hasMessageContaining("refused");
        assertThatThrownBy(() -> memories.insertAll(List.of(memory("bought SOL"), memory("sold DOGE")), NOW))
                .rootCause().hasMessageContaining("refused");
        assertThatThrownBy(() -> memories.save(new NewMemory(ALICE, Category.DECISION, "long DOGE", Metadata.EMPTY,
                Source.AGENT_RECORDED, Optional.of(MemoryKey.of("plan"))).withEdges(EXTRACTOR.extract("long DOGE")),
                Optional.empty(), NOW))
                .rootCause().hasMessageContaining("refused");
        assertThatThrownBy(() -> memories.update(ALICE, kept.id(), newContent("sold DOGE"),
                NOW.plusSeconds(1))).rootCause().hasMessageContaining("refused");

        assertThat(memoryCount()).isEqualTo(1);
        assertThat(count("1")).isEqualTo(edgesBefore);
        assertThat(memories.find(ALICE, kept.id()).orElseThrow().content()).isEqualTo("bought BTC");
        assertThat(count("src_id = " + kept.id().value() + " AND dst_entity_key = 'BTC'")).isEqualTo(1);
    }

    @Test
    void a_failed_memory_insert_leaves_no_edges() {
        TempDatabase.execute(db, "CREATE TRIGGER refuse_boom BEFORE INSERT ON memories "
                + "WHEN new.content LIKE '%boom%' BEGIN SELECT RAISE(ABORT, 'memory refused'); END");

        assertThatThrownBy(() -> memories.insertAll(List.of(memory("bought BTC"), memory("boom ETH")), NOW))
                .rootCause().hasMessageContaining("refused");

        assertThat(memoryCount()).isZero();
        assertThat(count("1")).isZero();
    }

    @Test
    void a_content_update_replaces_the_content_edges_and_keeps_the_scenario_edge() {
        Memory m = memories.insert(memory("bought BTC"), NOW);
        edges.addAll(List.of(new ExtractedEdges(ALICE, m.id(), EXTRACTOR
                .extract("bought BTC", SystemMetadata.scenario("dca")))), NOW);

        memories.update(ALICE, m.id(), newContent("sold ETH"), NOW.plusSeconds(1));

        assertThat(TempDatabase.column(db, "SELECT edge_type || ' ' || dst_entity_key FROM memory_edges ORDER BY id"))
                .containsExactly("belongs_to_scenario dca", "exited ETH");
    }

    @Test
    void deleting_a_memory_row_deletes_its_edges_by_trigger() {
        Memory purged = memories.insert(memory("bought BTC and ETH"), NOW);
        Memory kept = memories.insert(memory("sold BTC"), NOW);

        memories.softDelete(ALICE, purged.id(), NOW);
        assertThat(count("src_id = " + purged.id().value())).as("a soft delete keeps edges for a restore").isEqualTo(3);
        memories.purgeDeletedBefore(NOW.plus(Duration.ofDays(1)));

        assertThat(count("src_id = " + purged.id().value())).isZero();
        assertThat(count("src_id = " + kept.id().value())).isEqualTo(1);
        TempDatabase.execute(db, "DELETE FROM memories WHERE id = " + kept.id().value());
        assertThat(count("1")).isZero();
    }

    @Test
    void the_unique_key_makes_a_replay_cost_zero_rows() {
        Memory m = memories.insert(memory("bought BTC and ETH on base"), NOW);
        List<MemoryEdge> same = EXTRACTOR.extract(m.content());

        assertThat(edges.addAll(List.of(new ExtractedEdges(ALICE, m.id(), same)), NOW.plusSeconds(5))).isZero();
        assertThat(edges.addAll(List.of(new ExtractedEdges(ALICE, m.id(), List.of(
                new MemoryEdge(EdgeType.WATCHED, FinanceEntity.ticker("BTC"))))), NOW)).isEqualTo(1);

        assertThat(count("1")).isEqualTo(same.size() + 1);
        assertThat(TempDatabase.column(db, "SELECT DISTINCT created_at FROM memory_edges"))
                .as("replayed rows keep their first write").containsExactly("2026-01-01T00:00:00.000Z");
    }

    @Test
    void neighborhoods_and_rankings_read_the_entity_index() throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (Connection c = db.connection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("EXPLAIN QUERY PLAN SELECT src_id FROM memory_edges e "
                     + "WHERE e.tenant = 'alice' AND e.src_table = 'memories' AND e.dst_entity_kind = 'ticker' "
                     + "AND e.dst_entity_key = 'BTC'")) {
            while (rs.next()) {
                plan.append(rs.getString("detail")).append('\n');
            }
        }

        assertThat(plan.toString()).contains("idx_memory_edges_entity");
    }
}
