package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Migration 26: the database file is one an operator can open with the SQLite their system ships, as the README
 * tells them to. sqlite-jdbc bundles a recent SQLite, so nothing inside Strata notices SQL that only a recent one
 * parses; an older one refuses the whole file ("malformed database schema") when any trigger or view holds it.
 */
class OlderSqliteReadsTheFileTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Instant T0 = Instant.parse("2026-03-14T10:00:00Z");
    /** An aggregate with its own ORDER BY (SQLite 3.44) and contentless-delete FTS5 tables (3.43). */
    private static final Pattern NEWER_THAN_3_40 = Pattern.compile(
            "(?is)(group_concat|string_agg|json_group_array|json_group_object)\\s*\\([^()]*\\bORDER\\s+BY"
                    + "|contentless_delete|contentless_unindexed");

    @TempDir
    Path dir;

    @Test
    void no_trigger_view_or_table_holds_sql_newer_than_sqlite_3_40() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            List<String> schema = TempDatabase.column(db, "SELECT name || ': ' || sql FROM sqlite_master WHERE sql IS NOT NULL");

            assertThat(schema).isNotEmpty().noneMatch(sql -> NEWER_THAN_3_40.matcher(sql).find());
        }
        // The pattern itself finds what migration 24's passage triggers held.
        assertThat(NEWER_THAN_3_40.matcher("SELECT group_concat(n.content, ' ' ORDER BY n.id) FROM memories n").find())
                .isTrue();
    }

    @Test
    void a_database_written_before_migration_twenty_six_gets_the_portable_triggers_and_keeps_its_passages()
            throws Exception {
        Path file = dir.resolve("strata.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            new Migrator(MigrationTest.onPlainConnections(file), TempDatabase.CLOCK).migrate(Schema.MIGRATIONS.stream()
                    .filter(m -> m.version() < Schema.V26_PORTABLE_PASSAGE_TRIGGERS.version()).toList());
            // The insert trigger as the last release wrote it (it built a passage's neighbours with an ordered
            // group_concat); the passages of the rows it writes are the same.
            c.createStatement().execute("DROP TRIGGER memories_passage_ai");
            c.createStatement().execute("CREATE TRIGGER memories_passage_ai AFTER INSERT ON memories BEGIN "
                    + "DELETE FROM memories_passage_fts WHERE rowid = new.id; "
                    + "INSERT INTO memories_passage_fts(rowid, own, neighbours, event_date, tenant_term) "
                    + "SELECT m.id, m.content, COALESCE((SELECT group_concat(n.content, ' ' ORDER BY n.id) FROM memories n "
                    + "WHERE n.id IN (m.id - 1, m.id + 1) AND n.tenant = m.tenant), ''), '', "
                    + TenantTerm.sql("m.tenant") + " FROM memories m WHERE m.id = new.id; END");
            c.createStatement().execute("INSERT INTO memories(tenant, content, category, source, created_at, updated_at) "
                    + "VALUES ('alice', 'coffee at nine', 'observation', 'user_manual', '2026-03-14T10:00:00.000Z', "
                    + "'2026-03-14T10:00:00.000Z')");
        }
        assertThat(String.join("\n", schemaOf(file))).containsPattern(NEWER_THAN_3_40);

        try (SqliteDatabase db = TempDatabase.open(dir)) {
            assertThat(schemaOf(file)).noneMatch(sql -> NEWER_THAN_3_40.matcher(sql).find());
            new SqliteMemoryStore(db).insert(new NewMemory(ALICE, Category.OBSERVATION, "tea at ten", Metadata.EMPTY,
                    Source.USER_MANUAL), T0.plusSeconds(5));
            // The new row's passage and, rebuilt by the new triggers, its neighbour's.
            assertThat(TempDatabase.column(db, "SELECT own || ' | ' || neighbours FROM memories_passage_fts ORDER BY rowid"))
                    .containsExactly("coffee at nine | tea at ten", "tea at ten | coffee at nine");
        }
    }

    private static List<String> schemaOf(Path file) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
             ResultSet rs = c.createStatement().executeQuery("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")) {
            List<String> sql = new java.util.ArrayList<>();
            while (rs.next()) {
                sql.add(rs.getString(1));
            }
            return sql;
        }
    }

    @Test
    void the_sqlite3_shell_of_the_system_reads_and_writes_the_file() throws Exception {
        Path file = dir.resolve("strata.db");
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            new SqliteMemoryStore(db).insert(new NewMemory(ALICE, Category.OBSERVATION, "coffee at nine",
                    Metadata.EMPTY, Source.USER_MANUAL), T0);
        }
        String shell = onPath("sqlite3");
        Assumptions.assumeTrue(shell != null, "no sqlite3 shell on this machine");
        String version = run(shell, file, "SELECT sqlite_version();").strip();
        Assumptions.assumeTrue(olderThan344(version), "the system's SQLite " + version + " reads 3.44 SQL anyway");

        // A write fires every memory trigger (both indexes, the passages of the row and of its neighbour).
        String out = run(shell, file, "INSERT INTO memories(tenant, category, content, source, created_at, updated_at) "
                + "VALUES ('alice', 'observation', 'tea at ten', 'user_manual', '2026-03-14T10:00:05.000Z', "
                + "'2026-03-14T10:00:05.000Z'); "
                + "SELECT own || ' | ' || neighbours FROM memories_passage_fts ORDER BY rowid; "
                + "SELECT COUNT(*) FROM memories_fts WHERE memories_fts MATCH 'tea';");

        assertThat(out.lines().toList()).as("sqlite3 %s", version)
                .containsExactly("coffee at nine | tea at ten", "tea at ten | coffee at nine", "1");
    }

    private static boolean olderThan344(String version) {
        String[] parts = version.split("\\.");
        return parts.length >= 2 && Integer.parseInt(parts[0]) == 3 && Integer.parseInt(parts[1]) < 44;
    }

    private static String onPath(String name) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(d, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }

    private static String run(String shell, Path file, String sql) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(shell, "-bail", file.toString(), sql).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
