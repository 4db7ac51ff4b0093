package dev.strata.adapters.sqlite;

import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.NewFact;
import dev.strata.domain.learning.Learning;
import dev.strata.domain.learning.NewLearning;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.NewRoleMemoryEntry;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleInputs;
import dev.strata.domain.role.RoleMemoryEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Migration 25: the fact, learning and role-memory indexes hold each row's {@link TenantTerm} as the memory
 * indexes do, a search of a tenant holding few of their rows matches it, and it never moves a score or a row.
 */
class LayerTenantTermTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant ACME = Tenant.of("acme-corp_2");
    private static final RoleId TRADER = RoleId.of("trader");
    private static final Instant T0 = Instant.parse("2026-03-14T10:00:00Z");

    @TempDir
    Path dir;

    private static String term(Tenant tenant) {
        return TenantTerm.COLUMN + " : \"" + TenantTerm.of(tenant) + "\"";
    }

    /** The index's rowids holding the tenant's term, against the table's ids of the tenant. */
    private static void assertIndexedByTenant(SqliteDatabase db, TenantShares.Index index, Tenant tenant) {
        assertThat(TempDatabase.column(db, "SELECT rowid FROM " + index.fullText() + " WHERE " + index.fullText()
                + " MATCH '" + term(tenant) + "' ORDER BY rowid")).as("%s, %s", index.fullText(), tenant)
                .isEqualTo(TempDatabase.column(db, "SELECT id FROM " + index.table() + " WHERE tenant = '"
                        + tenant.value() + "' ORDER BY id"));
        TempDatabase.execute(db, "INSERT INTO " + index.fullText() + "(" + index.fullText() + ", rank) VALUES "
                + "('integrity-check', 1)");
    }

    private static Fact activeFact(SqliteDatabase db, SqliteFactStore facts, Tenant tenant, String content) {
        Fact fact = facts.insert(new NewFact(tenant, content, Source.AGENT_RECORDED), T0);
        TempDatabase.execute(db, "UPDATE facts SET status = 'active' WHERE id = " + fact.id().value());
        return fact;
    }

    private static RoleMemoryEntry decision(SqliteRoleMemoryStore roles, Tenant tenant, String decision) {
        return roles.record(new NewRoleMemoryEntry(tenant, TRADER, RoleInputs.EMPTY, decision, Optional.empty(), T0),
                List.of());
    }

    @Test
    void each_layer_index_holds_each_rows_tenant_term_through_writes_updates_and_deletes() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteFactStore facts = new SqliteFactStore(db);
            SqliteLearningStore learnings = new SqliteLearningStore(db);
            SqliteRoleMemoryStore roles = new SqliteRoleMemoryStore(db);
            for (Tenant tenant : List.of(ALICE, ACME)) {
                activeFact(db, facts, tenant, "the user trades BTC on weekends");
                learnings.record(new NewLearning(tenant, "rebalance the portfolio", "sell winners", "monthly"), T0);
                decision(roles, tenant, "bought BTC on the dip");
            }
            RoleMemoryEntry gone = decision(roles, ACME, "sold ETH");
            // Recording the same task again updates the row in place (steps and context are re-indexed).
            learnings.record(new NewLearning(ALICE, "Rebalance the portfolio", "trim winners", "quarterly"),
                    T0.plusSeconds(60));
            TempDatabase.execute(db, "UPDATE facts SET content = 'the user trades ETH' WHERE tenant = 'alice'");
            TempDatabase.execute(db, "DELETE FROM role_memory WHERE id = " + gone.id().value());

            for (TenantShares.Index index : List.of(TenantShares.Index.FACTS, TenantShares.Index.LEARNINGS,
                    TenantShares.Index.ROLE_MEMORY)) {
                assertIndexedByTenant(db, index, ALICE);
                assertIndexedByTenant(db, index, ACME);
            }
            assertThat(facts.searchActive(ALICE, "ETH", 10)).extracting(Fact::content)
                    .containsExactly("the user trades ETH");
            assertThat(learnings.search(ALICE, "quarterly", 10)).extracting(Learning::steps)
                    .containsExactly("trim winners");
            assertThat(roles.search(ACME, TRADER, "sold ETH", 10)).isEmpty();
        }
    }

    @Test
    void a_tenant_holding_few_rows_is_scoped_and_answered_exactly_as_without_the_term() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteFactStore facts = new SqliteFactStore(db);
            SqliteLearningStore learnings = new SqliteLearningStore(db);
            SqliteRoleMemoryStore roles = new SqliteRoleMemoryStore(db);
            for (int i = 0; i < 20; i++) {
                activeFact(db, facts, ACME, "acme trades BTC with leverage " + i);
                learnings.record(new NewLearning(ACME, "hedge BTC exposure " + i, "short perps", "volatile"), T0);
                decision(roles, ACME, "bought BTC with leverage " + i);
            }
            List<String> aliceFacts = List.of("the user trades BTC", "BTC BTC BTC and more BTC in a long fact",
                    "no leverage ever");
            aliceFacts.forEach(content -> activeFact(db, facts, ALICE, content));
            learnings.record(new NewLearning(ALICE, "hedge BTC", "buy puts", "before earnings"), T0);
            learnings.record(new NewLearning(ALICE, "size positions", "one percent risk", "BTC and ETH"), T0);
            decision(roles, ALICE, "bought BTC");
            decision(roles, ALICE, "sold BTC with leverage, leverage and more leverage");

            try (JdbcReads reads = new JdbcReads(db)) {
                for (TenantShares.Index index : List.of(TenantShares.Index.FACTS, TenantShares.Index.LEARNINGS,
                        TenantShares.Index.ROLE_MEMORY)) {
                    TenantShares shares = new TenantShares(TenantShares.KEYWORD_ARM, index);
                    assertThat(shares.holdsFewRows(reads, ALICE)).as("%s: alice holds few rows", index).isTrue();
                    assertThat(shares.holdsFewRows(reads, ACME)).as("%s: acme holds most", index).isFalse();
                }
            }

            // The rows and the order an unscoped statement gives, the term's column weighed 0 in both.
            assertThat(facts.searchActive(ALICE, "BTC leverage", 10)).extracting(f -> String.valueOf(f.id().value()))
                    .isEqualTo(TempDatabase.column(db, "SELECT f.id FROM facts_fts JOIN facts f ON f.id = "
                            + "facts_fts.rowid WHERE facts_fts MATCH '\"btc\" OR \"leverage\"' AND f.tenant = 'alice' "
                            + "ORDER BY bm25(facts_fts, 1.0, 0.0), f.id"))
                    .hasSize(3);
            assertThat(learnings.search(ALICE, "BTC hedge", 10)).extracting(l -> String.valueOf(l.id().value()))
                    .isEqualTo(TempDatabase.column(db, "SELECT l.id FROM learnings_fts JOIN learnings l ON l.id = "
                            + "learnings_fts.rowid WHERE learnings_fts MATCH '\"btc\" OR \"hedge\"' AND l.tenant = "
                            + "'alice' ORDER BY bm25(learnings_fts, 1.0, 1.0, 1.0, 0.0), l.id"))
                    .hasSize(2);
            assertThat(roles.search(ALICE, TRADER, "BTC leverage", 10)).extracting(r -> String.valueOf(r.id().value()))
                    .isEqualTo(TempDatabase.column(db, "SELECT r.id FROM role_memory_fts f JOIN role_memory r ON "
                            + "r.id = f.rowid WHERE role_memory_fts MATCH '\"btc\" OR \"leverage\"' AND r.tenant = "
                            + "'alice' ORDER BY bm25(role_memory_fts, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0), r.id DESC"))
                    .hasSize(2);
            // Scores too: the scoped statement ranks each row exactly as the unscoped one.
            assertThat(TempDatabase.column(db, "SELECT rowid || ' ' || bm25(facts_fts, 1.0, 0.0) FROM facts_fts "
                    + "WHERE facts_fts MATCH '" + TenantTerm.scope(ALICE, "\"btc\" OR \"leverage\"") + "' ORDER BY rowid"))
                    .isEqualTo(TempDatabase.column(db, "SELECT rowid || ' ' || bm25(facts_fts, 1.0, 0.0) FROM "
                            + "facts_fts WHERE facts_fts MATCH '\"btc\" OR \"leverage\"' AND rowid IN (SELECT id FROM "
                            + "facts WHERE tenant = 'alice') ORDER BY rowid"));
            // And the tenant that is not scoped still sees its own rows only.
            assertThat(facts.searchActive(ACME, "BTC", 30)).hasSize(20).allMatch(f -> f.tenant().equals(ACME));
        }
    }

    @Test
    void a_database_written_at_migration_twenty_four_is_indexed_by_tenant_when_it_opens() throws SQLException {
        Path file = dir.resolve("strata.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            new Migrator(MigrationTest.onPlainConnections(file), TempDatabase.CLOCK).migrate(Schema.MIGRATIONS.stream()
                    .filter(m -> m.version() < Schema.V25_TENANT_TERMS_FOR_LAYERS.version()).toList());
            String at = "'2025-01-01T00:00:00.000Z'";
            for (String tenant : List.of("'alice'", "'acme-corp_2'")) {
                c.createStatement().execute("INSERT INTO facts(tenant, content, normalized, status, source, created_at) "
                        + "VALUES (" + tenant + ", 'prefers limit orders', 'prefers limit orders', 'active', "
                        + "'agent_recorded', " + at + ")");
                c.createStatement().execute("INSERT INTO learnings(tenant, task, normalized_task, steps, created_at, "
                        + "updated_at) VALUES (" + tenant + ", 'place limit orders', 'place limit orders', 'check depth', "
                        + at + ", " + at + ")");
                c.createStatement().execute("INSERT INTO role_memory(tenant, role, decision, created_at, updated_at) "
                        + "VALUES (" + tenant + ", 'trader', 'limit order on BTC', " + at + ", " + at + ")");
            }
        }

        try (SqliteDatabase db = TempDatabase.open(dir)) {
            for (TenantShares.Index index : List.of(TenantShares.Index.FACTS, TenantShares.Index.LEARNINGS,
                    TenantShares.Index.ROLE_MEMORY)) {
                assertIndexedByTenant(db, index, ALICE);
                assertIndexedByTenant(db, index, ACME);
            }
            assertThat(new SqliteFactStore(db).searchActive(ACME, "limit orders", 10)).extracting(Fact::tenant)
                    .containsExactly(ACME);
            assertThat(new SqliteLearningStore(db).search(ALICE, "limit", 10)).extracting(Learning::tenant)
                    .containsExactly(ALICE);
            assertThat(new SqliteRoleMemoryStore(db).search(ACME, TRADER, "limit order", 10))
                    .extracting(RoleMemoryEntry::tenant).containsExactly(ACME);
        }
    }
}
