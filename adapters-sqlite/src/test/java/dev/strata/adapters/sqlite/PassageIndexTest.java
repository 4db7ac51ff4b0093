package dev.strata.adapters.sqlite;

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
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The passage index (migration 22) kept by triggers on {@code memories}: a memory is found by the words of
 * the memories written right before and after it in the same sitting, and by its event date in words,
 * whatever wrote it; never by another tenant's or another sitting's words, nor by a forgotten memory's.
 */
class PassageIndexTest {

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
        store = new SqliteMemoryStore(db);
        index = new SqliteKeywordIndex(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Memory write(Tenant tenant, String content, Instant at) {
        return store.insert(new NewMemory(tenant, Category.OBSERVATION, content, Metadata.EMPTY, Source.USER_MANUAL), at);
    }

    private List<MemoryId> passages(Tenant tenant, String query, PassageArm columns) {
        return index.passages(new SearchRequest(tenant, query, 10, Optional.empty()), 10, columns);
    }

    @Test
    void a_reply_is_found_by_the_words_of_the_question_written_before_it() {
        Memory question = write(ALICE, "how long have you had your turtles?", T0);
        Memory reply = write(ALICE, "three years, I think", T0.plusSeconds(20));
        Memory later = write(ALICE, "ok lol", T0.plusSeconds(40));

        assertThat(passages(ALICE, "turtles", ALL)).containsExactlyInAnyOrder(question.id(), reply.id());
        assertThat(passages(ALICE, "turtles", new PassageArm(1, 1, 0, 0))).containsExactly(question.id());
        // The reply's own words count for the reply, and as a neighbour's for both memories around it: at equal
        // weights the shortest passage ranks first, with its own words weighing more the reply does.
        assertThat(passages(ALICE, "years", ALL)).containsExactlyInAnyOrder(question.id(), reply.id(), later.id());
        assertThat(passages(ALICE, "years", ALL).getFirst()).isEqualTo(later.id());
        assertThat(passages(ALICE, "years", new PassageArm(1, 1, 0.5, 0)).getFirst()).isEqualTo(reply.id());
    }

    @Test
    void with_the_shipped_weights_a_filler_turn_ranks_below_the_turns_holding_the_words() {
        for (int i = 0; i < 8; i++) {
            // Other rows, so that the query's words are rare enough for BM25 to weigh them at all.
            write(BOB, "unrelated chatter number " + i, T0.minus(Duration.ofDays(2 + i)));
        }
        Memory question = write(ALICE, "did u book the lisbon trip??", T0);
        Memory answer = write(ALICE, "yes!! booked lisbon for friday", T0.plusSeconds(30));
        Memory filler = write(ALICE, "lol nice", T0.plusSeconds(45));

        assertThat(passages(ALICE, "lisbon trip", new PassageArm(1, 1, 0.5, 0.5)))
                .containsExactly(question.id(), answer.id(), filler.id());
    }

    @Test
    void memories_of_another_sitting_or_another_tenant_are_not_neighbours() {
        Memory before = write(ALICE, "the turtles need a bigger tank", T0);
        Memory bobs = write(BOB, "turtles everywhere", T0.plusSeconds(5));
        Memory nextDay = write(ALICE, "bought groceries", T0.plus(Duration.ofDays(1)));

        assertThat(passages(ALICE, "turtles", ALL)).containsExactly(before.id());
        assertThat(passages(BOB, "turtles", ALL)).containsExactly(bobs.id());
        assertThat(passages(ALICE, "groceries", ALL)).containsExactly(nextDay.id());
    }

    @Test
    void an_event_time_far_from_the_neighbours_makes_another_sitting() {
        Memory old = store.insert(new NewMemory(ALICE, Category.OBSERVATION, "we adopted a puppy", Metadata.EMPTY,
                Source.USER_MANUAL).withOccurredAt(Optional.of(Instant.parse("2023-05-08T13:56:00Z"))), T0);
        Memory now = write(ALICE, "the vet said she is healthy", T0.plusSeconds(10));

        assertThat(passages(ALICE, "puppy", ALL)).containsExactly(old.id());
        assertThat(passages(ALICE, "vet", ALL)).containsExactly(now.id());
    }

    @Test
    void a_memory_is_found_by_its_event_date_in_words_only_when_dates_weigh() {
        Memory dated = store.insert(new NewMemory(ALICE, Category.OBSERVATION, "we adopted a puppy", Metadata.EMPTY,
                Source.USER_MANUAL).withOccurredAt(Optional.of(Instant.parse("2023-05-08T13:56:00Z"))), T0);

        assertThat(passages(ALICE, "what happened on 8 May 2023", ALL)).containsExactly(dated.id());
        assertThat(passages(ALICE, "what happened on 8 May 2023", new PassageArm(1, 1, 1, 0))).isEmpty();
    }

    @Test
    void a_forgotten_memory_leaves_its_neighbours_passages() {
        Memory question = write(ALICE, "what is the wifi password", T0);
        Memory secret = write(ALICE, "hunter2 swordfish", T0.plusSeconds(10));
        assertThat(passages(ALICE, "swordfish", ALL)).containsExactlyInAnyOrder(question.id(), secret.id());

        store.softDelete(ALICE, secret.id(), T0.plusSeconds(20));

        assertThat(passages(ALICE, "swordfish", ALL)).isEmpty();
        assertThat(TempDatabase.column(db, "SELECT rowid FROM memories_passage_fts WHERE memories_passage_fts "
                + "MATCH 'swordfish'")).isEmpty();
    }

    @Test
    void an_edit_reaches_the_neighbours_passages() {
        Memory question = write(ALICE, "where did you go on holiday", T0);
        Memory reply = write(ALICE, "Lisbon", T0.plusSeconds(10));

        store.update(ALICE, reply.id(), new MemoryChange(Optional.of("Porto, actually"), Optional.empty()), T0.plusSeconds(30));

        assertThat(passages(ALICE, "porto", ALL)).containsExactlyInAnyOrder(question.id(), reply.id());
        assertThat(passages(ALICE, "lisbon", ALL)).isEmpty();
    }

    @Test
    void a_query_in_search_syntax_or_an_arm_switched_off_answers_nothing() {
        write(ALICE, "how long have you had your turtles?", T0);

        assertThat(passages(ALICE, "content:turtles", ALL)).isEmpty();
        assertThat(passages(ALICE, "turtles", PassageArm.OFF)).isEmpty();
    }

    @Test
    void the_migration_indexes_the_rows_written_before_it() {
        Memory question = write(ALICE, "how long have you had your turtles?", T0);
        Memory reply = write(ALICE, "three years, I think", T0.plusSeconds(20));
        TempDatabase.execute(db, "DELETE FROM memories_passage_fts");
        assertThat(passages(ALICE, "turtles", ALL)).isEmpty();

        TempDatabase.execute(db, "INSERT INTO memories_passage_fts(" + Schema.PASSAGE_COLUMNS + ") "
                + Schema.passagesOf("1 = 1"));

        assertThat(passages(ALICE, "turtles", ALL)).containsExactlyInAnyOrder(question.id(), reply.id());
    }

    @Test
    void a_word_half_the_passages_hold_does_not_crowd_out_older_passages_with_the_query_words_that_count() {
        Memory tip = write(ALICE, "always keep slippage under half a percent", T0);
        List<NewMemory> chatter = new java.util.ArrayList<>();
        for (int i = 0; i < SqliteKeywordIndex.PASSAGE_CANDIDATES + 10; i++) {
            chatter.add(new NewMemory(ALICE, Category.OBSERVATION, "the user checked the charts again, round " + i,
                    Metadata.EMPTY, Source.USER_MANUAL));
        }
        store.insertAll(chatter, T0.plus(Duration.ofDays(1)));

        // "user" is in every passage but one: BM25 weighs it at zero, and OR-ed in, its newest matches would
        // fill every candidate slot and leave the one passage about slippage unranked.
        assertThat(passages(ALICE, "what slippage does the user like", new PassageArm(1, 1, 0.5, 0.5)))
                .containsExactly(tip.id());
    }

    @Test
    void when_no_query_word_is_weighed_every_word_stays_and_a_new_word_is_found_at_once() {
        Memory first = write(ALICE, "the user checked the charts", T0);
        Memory second = write(ALICE, "the user checked the charts twice", T0.plus(Duration.ofDays(1)));

        // Both words are in every passage, and "zebra" in none yet: the arm answers as it always did.
        assertThat(passages(ALICE, "user charts zebra", ALL)).containsExactlyInAnyOrder(first.id(), second.id());
        Memory zebra = write(ALICE, "a zebra crossed the road", T0.plus(Duration.ofDays(2)));
        assertThat(passages(ALICE, "user charts zebra", ALL)).contains(zebra.id());
    }
}
