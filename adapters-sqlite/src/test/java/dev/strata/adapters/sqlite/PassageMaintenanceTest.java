package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.PassageArm;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * How the passage index is kept (migration 23): the triggers rebuild only the passages a write changes, and a
 * batch builds its rows' passages once, after its rows are in; whatever the order and kind of writes, the index
 * holds exactly what {@link Schema#passagesOf} builds from the memories (compared term by term, position by
 * position, through {@code fts5vocab}).
 */
class PassageMaintenanceTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant BOB = Tenant.of("bob");
    private static final Instant T0 = Instant.parse("2026-03-14T10:00:00Z");
    private static final PassageArm ALL = new PassageArm(1, 1, 1, 1);

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore store;
    private SqliteKeywordIndex index;

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
        // Counts the passage builds: the index writes each passage's copy into its content table.
        TempDatabase.execute(db, "CREATE TABLE passage_builds(id INTEGER)");
        TempDatabase.execute(db, "CREATE TRIGGER passage_built AFTER INSERT ON memories_passage_fts_content BEGIN "
                + "INSERT INTO passage_builds(id) VALUES (new.id); END");
        store = new SqliteMemoryStore(db);
        index = new SqliteKeywordIndex(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    private static NewMemory memory(Tenant tenant, String content) {
        return new NewMemory(tenant, Category.OBSERVATION, content, Metadata.EMPTY, Source.USER_MANUAL);
    }

    private Memory write(Tenant tenant, String content, Instant at) {
        return store.insert(memory(tenant, content), at);
    }

    private List<MemoryId> passages(Tenant tenant, String query) {
        return index.passages(new SearchRequest(tenant, query, 10, Optional.empty()), 10, ALL);
    }

    /** The index against a fresh build of every live memory's passage: the same rows, terms, columns and offsets. */
    private void assertIndexIsWhatPassagesOfBuilds() {
        TempDatabase.execute(db, "DROP TABLE IF EXISTS expected_passages");
        TempDatabase.execute(db, "CREATE VIRTUAL TABLE expected_passages USING fts5(own, neighbours, event_date, tenant_term, "
                + "tokenize='porter unicode61 remove_diacritics 2')");
        TempDatabase.execute(db, "INSERT INTO expected_passages(" + Schema.PASSAGE_COLUMNS + ") "
                + Schema.passagesOf("1 = 1"));
        TempDatabase.execute(db, "CREATE VIRTUAL TABLE IF NOT EXISTS actual_terms USING "
                + "fts5vocab(memories_passage_fts, 'instance')");
        TempDatabase.execute(db, "CREATE VIRTUAL TABLE IF NOT EXISTS expected_terms USING "
                + "fts5vocab(expected_passages, 'instance')");
        String actual = "SELECT doc, col, offset, term FROM actual_terms";
        String expected = "SELECT doc, col, offset, term FROM expected_terms";
        assertThat(TempDatabase.column(db, "SELECT count(*) FROM expected_terms")).doesNotContain("0");
        assertThat(TempDatabase.column(db, actual + " EXCEPT " + expected)).as("in the index, not in passagesOf")
                .isEmpty();
        assertThat(TempDatabase.column(db, expected + " EXCEPT " + actual)).as("in passagesOf, not in the index")
                .isEmpty();
        assertThat(TempDatabase.column(db, "SELECT id FROM memories_passage_fts_docsize ORDER BY id"))
                .isEqualTo(TempDatabase.column(db, "SELECT id FROM memories WHERE deleted_at IS NULL ORDER BY id"));
        // BM25's statistics (the row count and each column's token total, FTS5's "averages" record) are those of
        // the live passages, however often a passage was rebuilt: a contentless index never subtracted a delete.
        assertThat(TempDatabase.column(db, "SELECT hex(block) FROM memories_passage_fts_data WHERE id = 1"))
                .as("row count and token totals")
                .isEqualTo(TempDatabase.column(db, "SELECT hex(block) FROM expected_passages_data WHERE id = 1"));
    }

    /** How many times the passage of {@code id} was (re)built: every build inserts its copy of the passage. */
    private String built(MemoryId id) {
        return TempDatabase.column(db, "SELECT count(*) FROM passage_builds WHERE id = " + id.value()).getFirst();
    }

    private List<String> hold() {
        return TempDatabase.column(db, "SELECT deferred FROM passage_deferral");
    }

    @Test
    void a_batch_builds_each_passage_once_and_exactly_as_the_triggers_would() {
        Memory question = write(ALICE, "how long have you had your turtles?", T0);
        String before = built(question.id());

        List<Memory> batch = store.insertAll(List.of(memory(ALICE, "three years, I think"),
                memory(BOB, "the ferry leaves at noon"), memory(BOB, "bring the passports"),
                memory(ALICE, "they hibernate in winter")), T0.plusSeconds(20));

        assertThat(hold()).isEmpty();
        assertIndexIsWhatPassagesOfBuilds();
        // The row before the batch took the batch's first row as its neighbour, and the batch's rows each other.
        assertThat(built(question.id())).isNotEqualTo(before);
        assertThat(passages(ALICE, "years")).containsExactlyInAnyOrder(question.id(), batch.get(0).id());
        assertThat(passages(BOB, "passports")).containsExactlyInAnyOrder(batch.get(1).id(), batch.get(2).id());
        assertThat(passages(ALICE, "ferry")).isEmpty();
        // After the batch the triggers keep the index again.
        Memory next = write(ALICE, "and they eat lettuce", T0.plusSeconds(40));
        assertThat(passages(ALICE, "lettuce")).containsExactlyInAnyOrder(batch.get(3).id(), next.id());
        assertIndexIsWhatPassagesOfBuilds();
    }

    @Test
    void a_batch_that_fails_midway_leaves_no_hold_and_the_index_as_it_was() {
        Memory question = write(ALICE, "where did you go on holiday", T0);
        TempDatabase.execute(db, "CREATE TRIGGER test_refuses_boom BEFORE INSERT ON memories "
                + "WHEN new.content = 'boom' BEGIN SELECT RAISE(ABORT, 'boom refused'); END");

        assertThatThrownBy(() -> store.insertAll(List.of(memory(ALICE, "Lisbon"), memory(ALICE, "boom"),
                memory(ALICE, "and Porto")), T0.plusSeconds(10))).hasStackTraceContaining("boom refused");

        assertThat(hold()).isEmpty();
        assertThat(TempDatabase.column(db, "SELECT count(*) FROM memories")).containsExactly("1");
        assertIndexIsWhatPassagesOfBuilds();
        assertThat(passages(ALICE, "lisbon")).isEmpty();
        // The triggers are not held: the next single write reaches its neighbour's passage.
        Memory reply = write(ALICE, "Madeira", T0.plusSeconds(20));
        assertThat(passages(ALICE, "madeira")).containsExactlyInAnyOrder(question.id(), reply.id());
        assertIndexIsWhatPassagesOfBuilds();
    }

    @Test
    void a_write_leaves_alone_the_passages_it_cannot_change() {
        Memory alices = write(ALICE, "the turtles need a bigger tank", T0);
        String alicesBuilt = built(alices.id());
        Memory bobs = write(BOB, "turtles everywhere", T0.plusSeconds(5));
        assertThat(built(alices.id())).as("another tenant's append").isEqualTo(alicesBuilt);
        String bobsBuilt = built(bobs.id());
        Memory nextDay = write(BOB, "bought groceries", T0.plus(Duration.ofDays(1)));
        assertThat(built(bobs.id())).as("another sitting's append").isEqualTo(bobsBuilt);

        // A forgotten row's words leave its neighbour's passage at once; purging the row later touches nothing.
        Memory reply = write(BOB, "with oat milk", T0.plus(Duration.ofDays(1)).plusSeconds(10));
        assertThat(passages(BOB, "oat")).containsExactlyInAnyOrder(nextDay.id(), reply.id());
        store.softDelete(BOB, reply.id(), Actor.UNKNOWN, T0.plus(Duration.ofDays(1)).plusSeconds(20));
        assertThat(passages(BOB, "oat")).isEmpty();
        String nextDayBuilt = built(nextDay.id());
        assertThat(store.purgeDeleted(T0.plus(Duration.ofDays(3)))).hasSize(1);
        assertThat(built(nextDay.id())).as("purging a forgotten row").isEqualTo(nextDayBuilt);

        // An update of none of a passage's sources (the same event time written again) rebuilds nothing.
        TempDatabase.execute(db, "UPDATE memories SET occurred_at = occurred_at, content = content WHERE id = "
                + nextDay.id().value());
        assertThat(built(nextDay.id())).isEqualTo(nextDayBuilt);
        assertIndexIsWhatPassagesOfBuilds();
    }

    @Test
    void rows_written_with_explicit_ids_out_of_order_are_indexed_with_the_neighbours_they_land_between() {
        String at = "'2026-03-14T10:00:00.000Z'";
        for (long id : new long[] {14, 10, 12, 11, 13}) {
            TempDatabase.execute(db, "INSERT INTO memories(id, tenant, category, content, source, created_at, "
                    + "updated_at) VALUES (" + id + ", 'alice', 'observation', 'word" + id + "', 'user_manual', "
                    + at + ", " + at + ")");
            assertIndexIsWhatPassagesOfBuilds();
        }
        assertThat(passages(ALICE, "word12")).containsExactlyInAnyOrder(MemoryId.of(11), MemoryId.of(12),
                MemoryId.of(13));

        // Another tenant's row in the gap splits the run; deleting it joins the run again.
        TempDatabase.execute(db, "DELETE FROM memories WHERE id = 12");
        TempDatabase.execute(db, "INSERT INTO memories(id, tenant, category, content, source, created_at, "
                + "updated_at) VALUES (12, 'bob', 'observation', 'bobs12', 'user_manual', " + at + ", " + at + ")");
        assertThat(passages(ALICE, "word11")).containsExactlyInAnyOrder(MemoryId.of(10), MemoryId.of(11));
        assertIndexIsWhatPassagesOfBuilds();
        TempDatabase.execute(db, "UPDATE memories SET tenant = 'alice' WHERE id = 12");
        assertThat(passages(ALICE, "bobs12")).containsExactlyInAnyOrder(MemoryId.of(11), MemoryId.of(12),
                MemoryId.of(13));
        assertIndexIsWhatPassagesOfBuilds();
        // A row inserted already forgotten is no one's neighbour.
        TempDatabase.execute(db, "INSERT INTO memories(id, tenant, category, content, source, created_at, updated_at, "
                + "deleted_at) VALUES (9, 'alice', 'observation', 'gone9', 'user_manual', " + at + ", " + at + ", "
                + at + ")");
        assertThat(passages(ALICE, "gone9")).isEmpty();
        assertIndexIsWhatPassagesOfBuilds();
    }

    @Test
    void the_triggers_look_up_the_rows_around_the_id_and_never_read_a_whole_tenant() throws SQLException {
        for (int i = 0; i < 50; i++) {
            write(ALICE, "filler " + i, T0.plusSeconds(i));
        }
        List<String> plans = new ArrayList<>();
        try (Connection c = db.connection(); Statement s = c.createStatement()) {
            List<String> triggers = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT sql FROM sqlite_master WHERE name LIKE 'memories_passage_a_'")) {
                while (rs.next()) {
                    triggers.add(rs.getString(1));
                }
            }
            assertThat(triggers).hasSize(3);
            for (String trigger : triggers) {
                String body = trigger.substring(trigger.indexOf("BEGIN") + 5, trigger.lastIndexOf("END"));
                for (String row : List.of("new", "old")) {
                    body = body.replace(row + ".id", "25").replace(row + ".tenant", "'alice'")
                            .replace(row + ".deleted_at", "NULL").replace(row + ".content", "'x'")
                            .replace(row + ".created_at", "'2026-03-14T10:00:25.000Z'")
                            .replace(row + ".occurred_at", "'2026-03-14T10:00:25.000Z'");
                }
                for (String statement : body.split(";")) {
                    if (statement.isBlank()) {
                        continue;
                    }
                    try (ResultSet rs = s.executeQuery("EXPLAIN QUERY PLAN " + statement)) {
                        while (rs.next()) {
                            plans.add(rs.getString("detail"));
                        }
                    }
                }
            }
        }
        // Every read of memories (m, the passages' rows; n, their neighbours) goes by id.
        assertThat(plans).noneSatisfy(p -> assertThat(p).contains("MULTI-INDEX"))
                .filteredOn(p -> p.matches("(SCAN|SEARCH) [mn]\\b.*")).isNotEmpty()
                .allSatisfy(p -> assertThat(p).contains("USING INTEGER PRIMARY KEY"));
    }

    @Test
    void any_sequence_of_writes_leaves_every_passage_as_passages_of_builds_it() {
        Random random = new Random(19);
        List<Tenant> tenants = List.of(ALICE, BOB);
        String[] words = {"turtle", "lisbon", "ferry", "garden", "piano", "invoice", "mango", "glacier", "violin",
            "harbour"};
        Instant clock = T0;
        for (int step = 0; step < 400; step++) {
            // Mostly the same sitting, sometimes an hour or a day later; event times sometimes far in the past.
            clock = clock.plusSeconds(random.nextInt(10) == 0 ? 3_600 * (1 + random.nextInt(30)) : 1 + random.nextInt(60));
            Tenant tenant = tenants.get(random.nextInt(tenants.size()));
            String content = words[random.nextInt(words.length)] + " " + words[random.nextInt(words.length)] + " " + step;
            List<String> live = TempDatabase.column(db, "SELECT id FROM memories WHERE deleted_at IS NULL "
                    + "AND tenant = '" + tenant.value() + "'");
            MemoryId some = live.isEmpty() ? MemoryId.of(1) : MemoryId.of(Long.parseLong(live.get(random.nextInt(live.size()))));
            switch (random.nextInt(9)) {
                case 0, 1 -> write(tenant, content, clock);
                case 2 -> {
                    List<NewMemory> batch = new ArrayList<>();
                    for (int i = 0, n = 1 + random.nextInt(12); i < n; i++) {
                        NewMemory m = memory(tenants.get(random.nextInt(4) == 0 ? 1 : 0), content + " b" + i);
                        batch.add(random.nextInt(5) == 0 ? m.withOccurredAt(Optional.of(clock.minus(Duration.ofDays(400))))
                                : m);
                    }
                    store.insertAll(batch, clock);
                }
                case 3 -> store.softDelete(tenant, some, Actor.UNKNOWN, clock);
                case 4 -> store.update(tenant, some, new MemoryChange(Optional.of(content), Optional.empty()), clock);
                case 5 -> TempDatabase.execute(db, "UPDATE memories SET deleted_at = NULL WHERE id = (SELECT id FROM "
                        + "memories WHERE deleted_at IS NOT NULL ORDER BY random() LIMIT 1)");
                case 6 -> store.purgeDeleted(clock.plusSeconds(1));
                case 7 -> TempDatabase.execute(db, "DELETE FROM memories WHERE id = " + some.value());
                default -> TempDatabase.execute(db, "UPDATE memories SET occurred_at = '"
                        + Timestamps.format(clock.minus(Duration.ofMinutes(random.nextInt(90)))) + "' WHERE id = "
                        + some.value());
            }
            if (step % 50 == 49) {
                assertIndexIsWhatPassagesOfBuilds();
            }
        }
        // Bulk statements: their row triggers run one row at a time against the rows already changed.
        TempDatabase.execute(db, "UPDATE memories SET deleted_at = '2026-01-01T00:00:00.000Z' WHERE id % 3 = 0");
        assertIndexIsWhatPassagesOfBuilds();
        TempDatabase.execute(db, "UPDATE memories SET content = content || ' edited', tenant = 'alice' WHERE id % 4 = 1");
        assertIndexIsWhatPassagesOfBuilds();
        TempDatabase.execute(db, "DELETE FROM memories WHERE id % 5 = 2");
        assertIndexIsWhatPassagesOfBuilds();
        assertThat(hold()).isEmpty();
    }
}
