package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Migration 24: every row of both memory indexes holds its tenant's {@link TenantTerm}, FTS5 matches it, it
 * never moves a score, and a search that could not be scoped safely is still answered within its tenant.
 */
class TenantTermTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant ACME = Tenant.of("acme-corp_2");
    private static final Tenant SHORT = Tenant.of("0");
    private static final Instant T0 = Instant.parse("2026-03-14T10:00:00Z");

    @TempDir
    Path dir;

    private static NewMemory memory(Tenant tenant, String content) {
        return new NewMemory(tenant, Category.OBSERVATION, content, Metadata.EMPTY, Source.USER_MANUAL);
    }

    private static String quoted(Tenant tenant) {
        return TenantTerm.COLUMN + " : \"" + TenantTerm.of(tenant) + "\"";
    }

    @Test
    void the_token_java_puts_in_a_query_is_the_one_sqlite_writes_and_the_tokenizer_keeps_whole() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteMemoryStore store = new SqliteMemoryStore(db);
            String longest = "z".repeat(30) + "-_9" + "e".repeat(31);
            for (Tenant tenant : List.of(ALICE, ACME, SHORT, Tenant.of(longest), Tenant.of("trees"),
                    Tenant.of("ed"))) {
                assertThat(TempDatabase.column(db, "SELECT " + TenantTerm.sql("'" + tenant.value() + "'")))
                        .containsExactly(TenantTerm.of(tenant));
                store.insert(memory(tenant, "a note"), T0);
            }
            TempDatabase.execute(db, "CREATE VIRTUAL TABLE terms USING fts5vocab(memories_fts, 'col')");
            // One token per tenant, exactly as written: nothing split it, stemmed it or folded two into one.
            assertThat(TempDatabase.column(db, "SELECT term FROM terms WHERE col = 'tenant_term' ORDER BY term"))
                    .containsExactlyInAnyOrder(TenantTerm.of(ALICE), TenantTerm.of(ACME), TenantTerm.of(SHORT),
                            TenantTerm.of(Tenant.of(longest)), TenantTerm.of(Tenant.of("trees")),
                            TenantTerm.of(Tenant.of("ed")));
        }
    }

    @Test
    void both_indexes_hold_each_rows_tenant_term_through_edits_deletes_and_purges() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteMemoryStore store = new SqliteMemoryStore(db);
            Memory kept = store.insert(memory(ALICE, "coffee at nine"), T0);
            Memory edited = store.insert(memory(ALICE, "tea at ten"), T0.plusSeconds(5));
            Memory deleted = store.insert(memory(ACME, "coffee for the team"), T0.plusSeconds(10));
            store.insertAll(List.of(memory(ACME, "coffee beans"), memory(SHORT, "coffee machine")),
                    T0.plusSeconds(15));
            store.update(ALICE, edited.id(), new MemoryChange(Optional.of("green tea at ten"), Optional.empty()),
                    Actor.UNKNOWN, T0.plusSeconds(20));
            store.softDelete(ACME, deleted.id(), Actor.UNKNOWN, T0.plusSeconds(25));

            for (Tenant tenant : List.of(ALICE, ACME, SHORT)) {
                String rows = "SELECT id FROM memories WHERE tenant = '" + tenant.value() + "'";
                assertThat(TempDatabase.column(db, "SELECT rowid FROM memories_fts WHERE memories_fts MATCH '"
                        + quoted(tenant) + "' ORDER BY rowid")).as("memories_fts, %s", tenant)
                        .isEqualTo(TempDatabase.column(db, rows + " ORDER BY id"));
                assertThat(TempDatabase.column(db, "SELECT rowid FROM memories_passage_fts WHERE "
                        + "memories_passage_fts MATCH '" + quoted(tenant) + "' ORDER BY rowid"))
                        .as("memories_passage_fts, %s", tenant)
                        .isEqualTo(TempDatabase.column(db, rows + " AND deleted_at IS NULL ORDER BY id"));
            }

            store.purgeDeleted(T0.plus(Duration.ofDays(30)));
            assertThat(TempDatabase.column(db, "SELECT rowid FROM memories_fts WHERE memories_fts MATCH '"
                    + quoted(ACME) + "'")).doesNotContain(String.valueOf(deleted.id().value()));
            assertThat(store.search(new SearchRequest(ALICE, "coffee", 10, Optional.empty())))
                    .extracting(h -> h.memory().id()).containsExactly(kept.id());
            TempDatabase.execute(db, "INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)");
        }
    }

    @Test
    void the_tenant_term_finds_rows_and_never_scores_them() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteMemoryStore store = new SqliteMemoryStore(db);
            store.insert(memory(ALICE, "coffee with oat milk"), T0);
            store.insert(memory(ALICE, "coffee, coffee and more coffee in a long note about the morning"), T0);
            store.insert(memory(ACME, "coffee"), T0);
            store.insert(memory(ACME, "milk"), T0);
            for (int i = 0; i < 4; i++) {
                // A third tenant, so that the tenant terms are rare enough for BM25 to weigh if it were let.
                store.insert(memory(SHORT, "note " + i), T0);
            }

            assertThat(TempDatabase.column(db, "SELECT rowid || ' ' || rank FROM memories_fts WHERE memories_fts "
                    + "MATCH '" + quoted(ALICE) + " AND (\"coffee\" OR \"milk\")' ORDER BY rowid"))
                    .hasSize(2)
                    .isEqualTo(TempDatabase.column(db, "SELECT rowid || ' ' || rank FROM memories_fts WHERE "
                            + "memories_fts MATCH '\"coffee\" OR \"milk\"' AND rowid IN (SELECT id FROM memories "
                            + "WHERE tenant = 'alice') ORDER BY rowid"));
            String passageRank = "bm25(memories_passage_fts, 1, 0.5, 0.25, 0)";
            assertThat(TempDatabase.column(db, "SELECT rowid || ' ' || " + passageRank + " FROM memories_passage_fts "
                    + "WHERE memories_passage_fts MATCH '" + quoted(ACME) + " AND ({own neighbours} : (\"coffee\" OR "
                    + "\"milk\"))' ORDER BY rowid"))
                    .hasSize(2)
                    .isEqualTo(TempDatabase.column(db, "SELECT rowid || ' ' || " + passageRank + " FROM "
                            + "memories_passage_fts WHERE memories_passage_fts MATCH '{own neighbours} : (\"coffee\" "
                            + "OR \"milk\")' AND rowid IN (SELECT id FROM memories WHERE tenant = 'acme-corp_2') "
                            + "ORDER BY rowid"));
        }
    }

    @Test
    void only_an_expression_whose_quotes_and_parentheses_balance_is_scoped() {
        assertThat(TenantTerm.balanced("\"coffee\" OR \"tea\"")).isTrue();
        assertThat(TenantTerm.balanced("(coffee OR tea) AND NOT (milk)")).isTrue();
        assertThat(TenantTerm.balanced("\"a ) quoted ( paren\" AND b")).isTrue();
        assertThat(TenantTerm.balanced("\"say \"\"hi\"\" (\" AND b")).isTrue();
        assertThat(TenantTerm.balanced("coffee) OR (tea")).isFalse();
        assertThat(TenantTerm.balanced("(coffee")).isFalse();
        assertThat(TenantTerm.balanced("coffee)")).isFalse();
        assertThat(TenantTerm.balanced("\"coffee")).isFalse();
        assertThat(TenantTerm.scope(ALICE, "coffee) OR (tea")).isEqualTo("coffee) OR (tea");
        assertThat(TenantTerm.scope(ALICE, "\"coffee\"")).isEqualTo(quoted(ALICE) + " AND (\"coffee\")");
    }

    @Test
    void an_expression_that_would_close_the_scope_is_answered_as_before_and_within_its_tenant() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteMemoryStore store = new SqliteMemoryStore(db);
            Memory mine = store.insert(memory(ALICE, "a new teapot"), T0);
            store.insert(memory(ACME, "tea for everyone"), T0);
            for (int i = 0; i < 6; i++) {
                store.insert(memory(ACME, "tea again " + i), T0);
            }
            try (JdbcReads reads = new JdbcReads(db)) {
                assertThat(new TenantShares(TenantShares.KEYWORD_ARM).holdsFewRows(reads, ALICE)).as("scoped")
                        .isTrue();
            }

            // Alone a syntax error, so the LIKE fallback of spec 01 finds "tea" in "teapot". Wrapped in the tenant
            // scope it would parse, OR past the tenant term to the other tenant's "tea" and find nothing here.
            List<SearchHit> hits = store.search(new SearchRequest(ALICE, "coffee) OR (tea", 10, Optional.empty()));

            assertThat(hits).extracting(h -> h.memory().id()).containsExactly(mine.id());
        }
    }

    @Test
    void a_query_naming_another_tenants_term_finds_none_of_its_rows() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteMemoryStore store = new SqliteMemoryStore(db);
            SqliteKeywordIndex index = new SqliteKeywordIndex(db);
            Memory mine = store.insert(memory(ALICE, "coffee at nine"), T0);
            for (int i = 0; i < 10; i++) {
                store.insert(memory(ACME, "acme secret plan " + i), T0.plusSeconds(i));
            }
            String acme = TenantTerm.of(ACME);
            for (String query : List.of(TenantTerm.COLUMN + " : \"" + acme + "\"", acme,
                    "{" + TenantTerm.COLUMN + "} : " + acme)) {
                assertThat(store.search(new SearchRequest(ALICE, query, 10, Optional.empty()))).as(query).isEmpty();
            }
            for (String query : List.of("\"" + acme + "\" OR coffee", acme + " coffee")) {
                assertThat(store.search(new SearchRequest(ALICE, query, 10, Optional.empty())))
                        .as(query).extracting(h -> h.memory().id()).containsExactly(mine.id());
            }
            // The passage arm takes natural language only (a query in FTS5 syntax skips it).
            assertThat(index.passages(new SearchRequest(ALICE, acme + " coffee", 10, Optional.empty()), 10,
                    new dev.strata.domain.retrieval.PassageArm(1, 1, 1, 1))).containsExactly(mine.id());
        }
    }

    @Test
    void each_arm_scopes_a_tenant_below_its_share_and_the_share_is_counted_again_as_the_index_grows() {
        try (SqliteDatabase db = TempDatabase.open(dir); JdbcReads reads = new JdbcReads(db)) {
            SqliteMemoryStore store = new SqliteMemoryStore(db);
            TenantShares keyword = new TenantShares(TenantShares.KEYWORD_ARM);
            TenantShares passage = new TenantShares(TenantShares.PASSAGE_ARM);
            for (int i = 0; i < 30; i++) {
                store.insert(memory(ACME, "acme note " + i), T0);
            }
            store.insert(memory(ALICE, "alice note"), T0);
            assertThat(keyword.holdsFewRows(reads, ALICE)).as("1 of 31 rows").isTrue();
            assertThat(passage.holdsFewRows(reads, ALICE)).as("1 of 31 rows").isTrue();
            assertThat(keyword.holdsFewRows(reads, ACME)).as("30 of 31 rows: the term would cost").isFalse();
            assertThat(passage.holdsFewRows(reads, ACME)).as("30 of 31 rows: the term would cost").isFalse();
            assertThat(keyword.holdsFewRows(reads, SHORT)).as("no rows at all").isTrue();

            store.insertAll(java.util.stream.IntStream.range(0, 9).mapToObj(i -> memory(ALICE, "alice " + i))
                    .toList(), T0);
            assertThat(keyword.holdsFewRows(reads, ALICE)).as("10 of 40 rows, counted again: a fourth").isFalse();
            assertThat(passage.holdsFewRows(reads, ALICE)).as("10 of 40 rows, counted again: a fourth").isTrue();
        }
    }

    @Test
    void a_share_is_strictly_between_nothing_and_everything() {
        assertThatThrownBy(() -> new TenantShares(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TenantShares(1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TenantShares(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void a_database_written_at_migration_twenty_three_is_indexed_by_tenant_when_it_opens() throws SQLException {
        Path file = dir.resolve("strata.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            new Migrator(MigrationTest.onPlainConnections(file), TempDatabase.CLOCK).migrate(Schema.MIGRATIONS.stream()
                    .filter(m -> m.version() < Schema.V24_TENANT_TERMS.version()).toList());
            for (String row : List.of("'alice', 'coffee at nine', NULL", "'alice', 'tea at ten', NULL",
                    "'acme-corp_2', 'coffee for the team', NULL", "'acme-corp_2', 'gone', '2025-06-01T00:00:00.000Z'")) {
                c.createStatement().execute("INSERT INTO memories(tenant, content, deleted_at, category, source, "
                        + "created_at, updated_at) VALUES (" + row + ", 'lesson', 'user_manual', "
                        + "'2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')");
            }
        }

        try (SqliteDatabase db = TempDatabase.open(dir)) {
            assertThat(TempDatabase.column(db, "SELECT rowid FROM memories_fts WHERE memories_fts MATCH '"
                    + quoted(ACME) + "' ORDER BY rowid")).containsExactly("3", "4");
            assertThat(TempDatabase.column(db, "SELECT rowid FROM memories_passage_fts WHERE memories_passage_fts "
                    + "MATCH '" + quoted(ACME) + "'")).containsExactly("3");
            assertThat(TempDatabase.column(db, "SELECT rowid FROM memories_passage_fts WHERE memories_passage_fts "
                    + "MATCH '" + quoted(ALICE) + " AND neighbours : \"tea\"'")).containsExactly("1");
            SqliteMemoryStore store = new SqliteMemoryStore(db);
            assertThat(store.search(new SearchRequest(ACME, "coffee", 10, Optional.empty())))
                    .extracting(h -> h.memory().content()).containsExactly("coffee for the team");
            TempDatabase.execute(db, "INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)");
        }
    }
}
