package dev.strata.adapters.sqlite;

import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class MigrationTest {

    private static List<String> allVersions() {
        return Schema.MIGRATIONS.stream().map(m -> String.valueOf(m.version())).toList();
    }

    @TempDir
    Path dir;

    @Test
    void a_fresh_file_gets_every_migration_once_and_reopening_changes_nothing() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            assertThat(TempDatabase.column(db, "SELECT version FROM schema_migrations ORDER BY version"))
                    .containsExactlyElementsOf(allVersions());
            assertThat(TempDatabase.column(db, "PRAGMA journal_mode")).containsExactly("wal");
            assertThat(TempDatabase.column(db, "PRAGMA foreign_keys")).containsExactly("1");
        }
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM schema_migrations"))
                    .containsExactly(String.valueOf(Schema.MIGRATIONS.size()));
        }
    }

    @Test
    void a_database_created_by_migration_one_is_upgraded_and_its_legacy_rows_back_filled() throws SQLException {
        Path file = dir.resolve("strata.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            new Migrator(onPlainConnections(file), TempDatabase.CLOCK).migrate(List.of(Schema.V1_GENERAL_MEMORY));
            // Rows as the reference implementation left them: provenance only inside metadata, or nowhere.
            c.createStatement().execute("INSERT INTO memories(tenant, category, content, metadata, source, created_at, "
                    + "updated_at) VALUES ('default', 'preference', 'legacy with source', '{\"source\":\"inferred\"}', "
                    + "NULL, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')");
            c.createStatement().execute("INSERT INTO memories(tenant, category, content, metadata, source, created_at, "
                    + "updated_at) VALUES ('default', 'preference', 'legacy without source', '{\"source\":\"web\"}', "
                    + "NULL, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')");
        }

        try (SqliteDatabase db = TempDatabase.open(dir)) {
            assertThat(TempDatabase.column(db, "SELECT version FROM schema_migrations ORDER BY version"))
                    .containsExactlyElementsOf(allVersions());
            SqliteMemoryStore store = new SqliteMemoryStore(db);
            assertThat(store.find(Tenant.DEFAULT, MemoryId.of(1)).orElseThrow().source()).isEqualTo(Source.INFERRED);
            assertThat(store.find(Tenant.DEFAULT, MemoryId.of(2)).orElseThrow().source()).isEqualTo(Source.USER_MANUAL);
            // The rebuilt FTS index (migration 3) still covers rows written before it.
            assertThat(store.search(new SearchRequest(Tenant.DEFAULT, "legacy", 10, Optional.empty()))).hasSize(2);
            TempDatabase.execute(db, "INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)");
        }
    }

    @Test
    void rows_written_before_migration_eighteen_show_an_unknown_actor_and_stay_readable() throws SQLException {
        Path file = dir.resolve("strata.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            new Migrator(onPlainConnections(file), TempDatabase.CLOCK).migrate(Schema.MIGRATIONS.stream()
                    .filter(m -> m.version() < Schema.V18_ACTORS_AND_EXPLANATIONS.version()).toList());
            c.createStatement().execute("INSERT INTO memories(tenant, category, content, source, created_at, "
                    + "updated_at) VALUES ('default', 'lesson', 'written before actors', 'user_manual', "
                    + "'2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')");
            c.createStatement().execute("INSERT INTO audit_log(tenant, action, subject, detail, created_at) VALUES "
                    + "('default', 'memory.delete', '1', 'old entry', '2025-01-01T00:00:00.000Z')");
        }

        try (SqliteDatabase db = TempDatabase.open(dir)) {
            assertThat(new SqliteMemoryStore(db).find(Tenant.DEFAULT, MemoryId.of(1)).orElseThrow().updatedBy())
                    .isEqualTo(Actor.UNKNOWN);
            assertThat(new SqliteAuditLog(db).recent(Tenant.DEFAULT, 10)).singleElement()
                    .satisfies(e -> assertThat(e.actor()).isEqualTo(Actor.UNKNOWN));
        }
    }

    @Test
    void rows_written_before_migration_twenty_take_their_write_time_as_event_time_and_so_do_raw_inserts_after_it()
            throws SQLException {
        Path file = dir.resolve("strata.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            new Migrator(onPlainConnections(file), TempDatabase.CLOCK).migrate(Schema.MIGRATIONS.stream()
                    .filter(m -> m.version() < Schema.V20_EVENT_TIME.version()).toList());
            c.createStatement().execute("INSERT INTO memories(tenant, category, content, source, created_at, "
                    + "updated_at) VALUES ('default', 'lesson', 'written before event time', 'user_manual', "
                    + "'2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z')");
        }

        try (SqliteDatabase db = TempDatabase.open(dir)) {
            TempDatabase.execute(db, "INSERT INTO memories(tenant, category, content, source, created_at, updated_at) "
                    + "VALUES ('default', 'lesson', 'a raw insert', 'user_manual', '2025-03-01T00:00:00.000Z', "
                    + "'2025-03-01T00:00:00.000Z')");
            SqliteMemoryStore store = new SqliteMemoryStore(db);
            assertThat(store.find(Tenant.DEFAULT, MemoryId.of(1)).orElseThrow().occurredAt())
                    .isEqualTo(java.time.Instant.parse("2025-01-01T00:00:00Z"));
            assertThat(TempDatabase.column(db, "SELECT occurred_at FROM memories ORDER BY id"))
                    .containsExactly("2025-01-01T00:00:00.000Z", "2025-03-01T00:00:00.000Z");
            assertThat(TempDatabase.column(db, "SELECT sql FROM sqlite_master WHERE name = 'idx_memories_occurred'"))
                    .singleElement().satisfies(sql -> assertThat(sql).contains("(tenant, occurred_at)"));
        }
    }

    @Test
    void upgrading_to_migration_eleven_back_fills_the_edges_of_every_stored_memory_once() throws SQLException {
        Path file = dir.resolve("strata.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            new Migrator(onPlainConnections(file), TempDatabase.CLOCK).migrate(Schema.MIGRATIONS.stream()
                    .filter(m -> m.version() < Schema.V11_MEMORY_EDGES.version()).toList());
            for (String row : List.of("'alice', 'bought BTC and ETH on base', NULL",
                    "'alice', 'sold SOL', '2025-06-01T00:00:00.000Z'", "'bob', 'watching DOGE', NULL",
                    "'bob', 'no entities at all', NULL")) {
                c.createStatement().execute("INSERT INTO memories(tenant, content, deleted_at, category, source, "
                        + "created_at, updated_at) VALUES (" + row + ", 'lesson', 'user_manual', "
                        + "'2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')");
            }
        }

        try (SqliteDatabase db = TempDatabase.open(dir)) {
            assertThat(TempDatabase.column(db, "SELECT src_id || ' ' || tenant || ' ' || edge_type || ' ' "
                    + "|| dst_entity_key || ' ' || created_at FROM memory_edges ORDER BY id")).containsExactly(
                    "1 alice holds BTC 2026-01-01T00:00:00.000Z", "1 alice holds ETH 2026-01-01T00:00:00.000Z",
                    "1 alice mentions base 2026-01-01T00:00:00.000Z",
                    "1 alice co_occurs_with BTC|ETH 2026-01-01T00:00:00.000Z",
                    "2 alice exited SOL 2026-01-01T00:00:00.000Z", "3 bob watched DOGE 2026-01-01T00:00:00.000Z");
            SqliteMemoryEdgeStore edges = new SqliteMemoryEdgeStore(db);
            assertThat(edges.neighborhood(Tenant.of("alice"), FinanceEntity.ticker("ETH"), 10)).hasSize(1);
            assertThat(edges.neighborhood(Tenant.of("alice"), FinanceEntity.ticker("SOL"), 10))
                    .as("the deleted row has its edges, hidden until a restore").isEmpty();
        }
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM memory_edges")).containsExactly("6");
        }
    }

    @Test
    void migration_four_creates_the_key_and_vault_tables_without_any_search_index() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            assertThat(TempDatabase.column(db, "SELECT name FROM sqlite_master WHERE type = 'table' "
                    + "AND name IN ('api_keys', 'vault') ORDER BY name")).containsExactly("api_keys", "vault");
            assertThat(TempDatabase.column(db, "SELECT name FROM sqlite_master WHERE sql LIKE '%vault%' "
                    + "AND (type = 'trigger' OR sql LIKE '%fts%')")).isEmpty();
        }
    }

    /** Transactions on unpooled connections to the file, as an older version's schema is built. */
    static Transactions onPlainConnections(Path file) {
        return new Transactions(new Transactions.Connections() {
            @Override
            public Connection borrow() throws SQLException {
                return DriverManager.getConnection("jdbc:sqlite:" + file);
            }

            @Override
            public void discard(Connection connection) {
                // Closing is all an unpooled connection needs.
            }
        });
    }
}
