package dev.strata.domain.memory;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every {@link MemoryStore} promises, run against the in-memory fake and the SQLite adapter
 * alike. Subclasses provide a fresh, empty store.
 */
public abstract class MemoryStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    protected MemoryStore store;

    protected abstract MemoryStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    protected static NewMemory memory(Tenant tenant, String category, String content) {
        return new NewMemory(tenant, Category.resolve(category), content, Metadata.EMPTY, Source.USER_MANUAL);
    }

    @Test
    void insert_assigns_an_id_and_keeps_every_field() {
        NewMemory m = new NewMemory(ALICE, Category.PREFERENCE, "always use 0.5% slippage",
                new Metadata("{\"confidence\":0.9}"), Source.USER_EXPLICIT);
        Memory stored = store.insert(m, T0);

        Memory found = store.find(ALICE, stored.id()).orElseThrow();
        assertThat(found).isEqualTo(stored);
        assertThat(found.content()).isEqualTo("always use 0.5% slippage");
        assertThat(found.category()).isEqualTo(Category.PREFERENCE);
        assertThat(found.source()).isEqualTo(Source.USER_EXPLICIT);
        assertThat(found.metadata().json()).contains("confidence");
        assertThat(found.createdAt()).isEqualTo(T0);
        assertThat(found.updatedAt()).isEqualTo(T0);
        assertThat(found.deletedAt()).isEmpty();
    }

    @Test
    void a_memory_keeps_the_event_time_its_writer_stated_and_without_one_its_write_time() {
        Instant may = Instant.parse("2023-05-08T13:56:00Z");
        Memory stated = store.insert(memory(ALICE, "observation", "went hiking with Mel").withOccurredAt(
                Optional.of(may)), T0);
        Memory unstated = store.insert(memory(ALICE, "observation", "bought a guitar"), T0);

        assertThat(store.find(ALICE, stated.id()).orElseThrow().occurredAt()).isEqualTo(may);
        assertThat(stated.occurredAt()).isEqualTo(may);
        assertThat(stated.createdAt()).isEqualTo(T0);
        assertThat(store.find(ALICE, unstated.id()).orElseThrow().occurredAt()).isEqualTo(T0);
    }

    @Test
    void event_times_survive_a_batch_a_keyed_save_and_an_update_that_corrects_them() {
        Instant first = Instant.parse("2022-01-02T00:00:00Z");
        Instant second = Instant.parse("2022-03-04T00:00:00Z");
        List<Memory> batch = store.insertAll(List.of(memory(ALICE, "lesson", "one").withOccurredAt(Optional.of(first)),
                memory(ALICE, "lesson", "two")), T0);
        SaveOutcome saved = store.save(keyed(ALICE, "historical", "trip", "went to Lisbon").withOccurredAt(Optional.of(second)),
                Optional.empty(), T0);

        assertThat(batch).extracting(Memory::occurredAt).containsExactly(first, T0);
        assertThat(((SaveOutcome.Inserted) saved).memory().occurredAt()).isEqualTo(second);
        Memory corrected = store.update(ALICE, batch.get(1).id(), new MemoryChange(Optional.empty(), Optional.empty(),
                Optional.of(second)), Actor.UNKNOWN, T0.plusSeconds(5)).orElseThrow();
        assertThat(corrected.occurredAt()).isEqualTo(second);
        assertThat(corrected.content()).isEqualTo("two");
        assertThat(store.find(ALICE, batch.get(1).id()).orElseThrow().occurredAt()).isEqualTo(second);
    }

    @Test
    void as_of_an_instant_the_list_shows_what_was_active_then_by_supersede_chain_and_soft_delete() {
        Memory early = store.insert(memory(ALICE, "lesson", "written first"), T0);
        SaveOutcome first = store.save(keyed(ALICE, "decision", "auth", "JWT with 1h expiry"), Optional.empty(),
                T0.plusSeconds(10));
        Memory deletedLater = store.insert(memory(ALICE, "lesson", "deleted at +40"), T0.plusSeconds(20));
        SaveOutcome second = store.save(keyed(ALICE, "decision", "auth", "JWT with 15m expiry"), Optional.of("review"),
                T0.plusSeconds(30));
        store.softDelete(ALICE, deletedLater.id(), T0.plusSeconds(40));
        store.insert(memory(BOB, "lesson", "another tenant's"), T0);
        Memory v1 = ((SaveOutcome.Inserted) first).memory();
        Memory v2 = ((SaveOutcome.Superseded) second).memory();

        assertThat(store.listAsOf(ALICE, CategoryFilter.ALL, T0.minusSeconds(1), 10)).isEmpty();
        assertThat(store.listAsOf(ALICE, CategoryFilter.ALL, T0.plusSeconds(25), 10)).extracting(Memory::id)
                .containsExactly(deletedLater.id(), v1.id(), early.id());
        assertThat(store.listAsOf(ALICE, CategoryFilter.ALL, T0.plusSeconds(25), 10))
                .as("each as it stood then: active, though superseded or deleted since").allMatch(Memory::isActive);
        assertThat(store.listAsOf(ALICE, CategoryFilter.ALL, T0.plusSeconds(35), 10)).extracting(Memory::id)
                .containsExactly(v2.id(), deletedLater.id(), early.id());
        assertThat(store.listAsOf(ALICE, CategoryFilter.ALL, T0.plusSeconds(45), 10)).extracting(Memory::id)
                .containsExactly(v2.id(), early.id());
        assertThat(store.listAsOf(ALICE, CategoryFilter.only(Category.LESSON), T0.plusSeconds(25), 1))
                .extracting(Memory::id).containsExactly(deletedLater.id());
    }

    @Test
    void search_keeps_only_event_times_inside_occurred_after_and_before() {
        Instant may = Instant.parse("2023-05-08T00:00:00Z");
        Instant june = Instant.parse("2023-06-10T00:00:00Z");
        Memory inMay = store.insert(memory(ALICE, "observation", "went hiking with Mel").withOccurredAt(
                Optional.of(may)), T0);
        Memory inJune = store.insert(memory(ALICE, "observation", "went hiking alone").withOccurredAt(
                Optional.of(june)), T0);

        TimeScope mayOnly = new TimeScope(Optional.of(Instant.parse("2023-05-01T00:00:00Z")),
                Optional.of(Instant.parse("2023-06-01T00:00:00Z")), Optional.empty());
        TimeScope fromJune = new TimeScope(Optional.of(june), Optional.empty(), Optional.empty());
        TimeScope beforeJune = new TimeScope(Optional.empty(), Optional.of(june), Optional.empty());

        assertThat(store.search(new SearchRequest(ALICE, "hiking", 10, Optional.empty()).withScope(mayOnly)))
                .extracting(h -> h.memory().id()).containsExactly(inMay.id());
        assertThat(store.search(new SearchRequest(ALICE, "hiking", 10, Optional.empty()).withScope(fromJune)))
                .as("occurred_after is inclusive").extracting(h -> h.memory().id()).containsExactly(inJune.id());
        assertThat(store.search(new SearchRequest(ALICE, "hiking", 10, Optional.empty()).withScope(beforeJune)))
                .as("occurred_before is exclusive").extracting(h -> h.memory().id()).containsExactly(inMay.id());
        assertThat(store.search(new SearchRequest(ALICE, "hiking", 10, Optional.empty()))).hasSize(2);
    }

    @Test
    void search_as_of_an_instant_sees_what_was_written_by_then_with_later_supersessions_and_deletions_taken_back() {
        SaveOutcome first = store.save(keyed(ALICE, "decision", "auth", "JWT tokens with 1h expiry"), Optional.empty(),
                T0);
        Memory deleted = store.insert(memory(ALICE, "lesson", "JWT secrets rotate weekly"), T0.plusSeconds(10));
        SaveOutcome second = store.save(keyed(ALICE, "decision", "auth", "JWT tokens with 15m expiry"),
                Optional.of("review"), T0.plusSeconds(20));
        store.softDelete(ALICE, deleted.id(), T0.plusSeconds(30));
        store.insert(memory(ALICE, "lesson", "JWT audience must be checked"), T0.plusSeconds(40));
        Memory v1 = ((SaveOutcome.Inserted) first).memory();
        Memory v2 = ((SaveOutcome.Superseded) second).memory();

        List<SearchHit> then = store.search(new SearchRequest(ALICE, "JWT", 10, Optional.empty())
                .withScope(new TimeScope(Optional.empty(), Optional.empty(), Optional.of(T0.plusSeconds(15)))));
        List<SearchHit> later = store.search(new SearchRequest(ALICE, "JWT", 10, Optional.empty())
                .withScope(new TimeScope(Optional.empty(), Optional.empty(), Optional.of(T0.plusSeconds(35)))));

        assertThat(then).extracting(h -> h.memory().id()).containsExactlyInAnyOrder(v1.id(), deleted.id());
        assertThat(then).allMatch(h -> h.memory().isActive());
        assertThat(later).extracting(h -> h.memory().id()).containsExactlyInAnyOrder(v1.id(), v2.id());
        assertThat(later).filteredOn(h -> h.memory().id().equals(v1.id())).singleElement()
                .satisfies(h -> assertThat(h.memory().isSuperseded()).as("history by then").isTrue());
    }

    @Test
    void insert_all_stores_every_row_in_input_order_with_distinct_ids() {
        List<Memory> stored = store.insertAll(List.of(memory(ALICE, "lesson", "one"), memory(ALICE, "lesson", "two"),
                memory(ALICE, "lesson", "three")), T0);

        assertThat(stored).extracting(Memory::content).containsExactly("one", "two", "three");
        assertThat(stored).extracting(Memory::id).doesNotHaveDuplicates();
        for (Memory m : stored) {
            assertThat(store.find(ALICE, m.id())).contains(m);
        }
    }

    @Test
    void list_is_newest_first_and_filters_by_category() {
        Memory old = store.insert(memory(ALICE, "preference", "old preference"), T0);
        Memory mid = store.insert(memory(ALICE, "lesson", "a lesson"), T0.plusSeconds(10));
        Memory recent = store.insert(memory(ALICE, "preference", "new preference"), T0.plusSeconds(20));

        assertThat(store.list(ALICE, Optional.empty(), 10)).containsExactly(recent, mid, old);
        assertThat(store.list(ALICE, Optional.of(Category.PREFERENCE), 10)).containsExactly(recent, old);
        assertThat(store.list(ALICE, Optional.empty(), 2)).containsExactly(recent, mid);
    }

    @Test
    void update_changes_content_and_bumps_updated_at() {
        Memory m = store.insert(memory(ALICE, "preference", "use 1% slippage"), T0);
        Memory other = store.insert(memory(ALICE, "preference", "prefers base"), T0.plusSeconds(5));

        Memory updated = store.update(ALICE, m.id(), new MemoryChange(Optional.of("use 0.5% slippage"),
                Optional.empty()), T0.plusSeconds(60)).orElseThrow();

        assertThat(updated.content()).isEqualTo("use 0.5% slippage");
        assertThat(updated.updatedAt()).isEqualTo(T0.plusSeconds(60));
        assertThat(updated.createdAt()).isEqualTo(T0);
        assertThat(store.list(ALICE, Optional.empty(), 10)).extracting(Memory::id).containsExactly(m.id(), other.id());
        assertThat(store.search(new SearchRequest(ALICE, "0.5", 10, Optional.empty())))
                .extracting(h -> h.memory().id()).contains(m.id());
    }

    @Test
    void soft_deleted_memories_disappear_from_every_read_path() {
        Memory m = store.insert(memory(ALICE, "preference", "always use 0.5% slippage"), T0);

        assertThat(store.softDelete(ALICE, m.id(), T0.plusSeconds(1))).isTrue();

        assertThat(store.find(ALICE, m.id())).isEmpty();
        assertThat(store.list(ALICE, Optional.empty(), 10)).isEmpty();
        assertThat(store.search(new SearchRequest(ALICE, "slippage", 10, Optional.empty()))).isEmpty();
        assertThat(store.count(ALICE)).isZero();
        assertThat(store.update(ALICE, m.id(), new MemoryChange(Optional.of("x y"), Optional.empty()),
                T0.plusSeconds(2))).isEmpty();
        assertThat(store.softDelete(ALICE, m.id(), T0.plusSeconds(3))).isFalse();
    }

    @Test
    void restore_works_within_retention_only() {
        Memory kept = store.insert(memory(ALICE, "lesson", "trail stops by 8%"), T0);
        Memory expired = store.insert(memory(ALICE, "lesson", "never chase pumps"), T0);
        store.softDelete(ALICE, kept.id(), T0.plusSeconds(100));
        store.softDelete(ALICE, expired.id(), T0.plusSeconds(10));

        Instant deletedSince = T0.plusSeconds(50);
        assertThat(store.restore(ALICE, kept.id(), deletedSince)).map(Memory::content).contains("trail stops by 8%");
        assertThat(store.restore(ALICE, expired.id(), deletedSince)).isEmpty();

        assertThat(store.find(ALICE, kept.id())).isPresent();
        assertThat(store.search(new SearchRequest(ALICE, "trail", 10, Optional.empty()))).hasSize(1);
        assertThat(store.find(ALICE, expired.id())).isEmpty();
    }

    @Test
    void restoring_an_active_memory_changes_nothing() {
        Memory m = store.insert(memory(ALICE, "lesson", "trail stops by 8%"), T0);
        assertThat(store.restore(ALICE, m.id(), T0)).contains(m);
    }

    @Test
    void purge_removes_only_rows_deleted_before_the_cutoff_in_every_tenant() {
        Memory a = store.insert(memory(ALICE, "lesson", "alpha"), T0);
        Memory b = store.insert(memory(BOB, "lesson", "beta"), T0);
        Memory recent = store.insert(memory(ALICE, "lesson", "gamma"), T0);
        Memory active = store.insert(memory(ALICE, "lesson", "delta"), T0);
        store.softDelete(ALICE, a.id(), T0);
        store.softDelete(BOB, b.id(), T0);
        store.softDelete(ALICE, recent.id(), T0.plus(Duration.ofDays(20)));

        assertThat(store.purgeDeletedBefore(T0.plus(Duration.ofDays(10)))).isEqualTo(2);

        assertThat(store.restore(ALICE, a.id(), T0.minusSeconds(1))).isEmpty();
        assertThat(store.restore(BOB, b.id(), T0.minusSeconds(1))).isEmpty();
        assertThat(store.restore(ALICE, recent.id(), T0)).isPresent();
        assertThat(store.find(ALICE, active.id())).isPresent();
    }

    @Test
    void search_finds_natural_language_questions() {
        Memory slippage = store.insert(memory(ALICE, "preference", "always use 0.5% slippage on swaps"), T0);
        store.insert(memory(ALICE, "observation", "user avoided meme coins throughout Q1"), T0);

        List<SearchHit> hits = store.search(new SearchRequest(ALICE, "what slippage does the user like?", 10,
                Optional.empty()));

        assertThat(hits).extracting(h -> h.memory().id()).contains(slippage.id());
        SearchHit hit = hits.stream().filter(h -> h.memory().id().equals(slippage.id())).findFirst().orElseThrow();
        assertThat(hit.snippet()).contains("**slippage**");
    }

    @Test
    void search_honours_category_and_limit() {
        for (int i = 0; i < 5; i++) {
            store.insert(memory(ALICE, "lesson", "slippage lesson " + i), T0);
            store.insert(memory(ALICE, "preference", "slippage preference " + i), T0);
        }
        List<SearchHit> lessons = store.search(new SearchRequest(ALICE, "slippage", 3, Optional.of(Category.LESSON)));

        assertThat(lessons).hasSize(3).allSatisfy(h -> assertThat(h.memory().category()).isEqualTo(Category.LESSON));
    }

    @Test
    void every_read_path_is_scoped_to_its_tenant() {
        Memory alices = store.insert(memory(ALICE, "preference", "always use 0.5% slippage"), T0);
        store.insert(memory(BOB, "preference", "bob likes 1% slippage"), T0);

        assertThat(store.find(BOB, alices.id())).isEmpty();
        assertThat(store.list(BOB, Optional.empty(), 10)).extracting(Memory::tenant).containsOnly(BOB);
        assertThat(store.search(new SearchRequest(BOB, "slippage", 10, Optional.empty())))
                .extracting(h -> h.memory().tenant()).containsOnly(BOB);
        assertThat(store.update(BOB, alices.id(), new MemoryChange(Optional.of("hijacked"), Optional.empty()), T0))
                .isEmpty();
        assertThat(store.softDelete(BOB, alices.id(), T0)).isFalse();
        assertThat(store.restore(BOB, alices.id(), T0)).isEmpty();
        assertThat(store.count(BOB)).isEqualTo(1);
        assertThat(store.find(ALICE, alices.id()).orElseThrow().content()).isEqualTo("always use 0.5% slippage");
    }

    // --- spec 02: keyed memories and the supersede chain ---

    protected static NewMemory keyed(Tenant tenant, String type, String key, String content) {
        return new NewMemory(tenant, Category.resolve(type), content, Metadata.EMPTY, Source.AGENT_RECORDED,
                Optional.of(MemoryKey.of(key)));
    }

    @Test
    void a_first_save_inserts_and_a_second_without_reason_is_rejected_showing_the_current_entry() {
        SaveOutcome first = store.save(keyed(ALICE, "decision", "auth-approach", "JWT with 1h expiry"), Optional.empty(),
                T0);
        Memory current = ((SaveOutcome.Inserted) first).memory();
        assertThat(current.key()).contains(MemoryKey.of("auth-approach"));
        assertThat(current.isActive()).isTrue();

        SaveOutcome second = store.save(keyed(ALICE, "decision", "auth-approach", "sessions in Redis"), Optional.empty(),
                T0.plusSeconds(1));
        assertThat(second).isEqualTo(new SaveOutcome.Rejected(current));
        assertThat(store.history(ALICE, MemoryKey.of("auth-approach"), 10)).containsExactly(current);
    }

    @Test
    void a_save_with_a_reason_supersedes_and_links_the_chain() {
        Memory v1 = ((SaveOutcome.Inserted) store.save(keyed(ALICE, "decision", "auth-approach", "JWT with 1h expiry"),
                Optional.empty(), T0)).memory();
        SaveOutcome outcome = store.save(keyed(ALICE, "decision", "auth-approach", "JWT with 15m expiry and refresh"),
                Optional.of("1h tokens were too long-lived for the audit"), T0.plusSeconds(60));

        SaveOutcome.Superseded superseded = (SaveOutcome.Superseded) outcome;
        Memory v2 = superseded.memory();
        assertThat(superseded.previous().id()).isEqualTo(v1.id());
        assertThat(superseded.previous().isActive()).isFalse();
        assertThat(v2.supersedes()).contains(new Supersession(v1.id(), "1h tokens were too long-lived for the audit"));
        assertThat(store.findActive(ALICE, MemoryKey.of("auth-approach"))).contains(v2);
        assertThat(store.find(ALICE, v1.id()).orElseThrow().isSuperseded()).isTrue();
        assertThat(store.history(ALICE, MemoryKey.of("auth-approach"), 10)).extracting(Memory::id)
                .containsExactly(v2.id(), v1.id());
        assertThat(store.list(ALICE, Optional.empty(), 10)).containsExactly(v2);
    }

    @Test
    void search_returns_superseded_entries_marked_inactive_below_current_ones_but_never_deleted_ones() {
        store.save(keyed(ALICE, "decision", "chart", "prefers weekly charts"), Optional.empty(), T0);
        store.save(keyed(ALICE, "decision", "chart", "prefers daily charts"), Optional.of("user changed their mind"),
                T0.plusSeconds(1));
        Memory gone = store.insert(memory(ALICE, "observation", "weekly charts were discussed"), T0);
        store.softDelete(ALICE, gone.id(), T0.plusSeconds(2));

        List<SearchHit> hits = store.search(new SearchRequest(ALICE, "charts", 10, Optional.empty()));

        assertThat(hits).extracting(h -> h.memory().content()).containsExactly("prefers daily charts",
                "prefers weekly charts");
        assertThat(hits.get(0).memory().isActive()).isTrue();
        assertThat(hits.get(1).memory().isActive()).isFalse();
    }

    @Test
    void keys_are_scoped_to_their_tenant() {
        store.save(keyed(ALICE, "context", "focus", "alice's focus"), Optional.empty(), T0);
        SaveOutcome bobs = store.save(keyed(BOB, "context", "focus", "bob's focus"), Optional.empty(), T0);

        assertThat(bobs).isInstanceOf(SaveOutcome.Inserted.class);
        assertThat(store.history(BOB, MemoryKey.of("focus"), 10)).extracting(Memory::content).containsExactly("bob's focus");
        assertThat(store.findActive(ALICE, MemoryKey.of("focus")).orElseThrow().content()).isEqualTo("alice's focus");
    }

    @Test
    void a_deleted_key_can_be_saved_again_and_the_old_entry_then_cannot_be_restored_over_it() {
        Memory old = ((SaveOutcome.Inserted) store.save(keyed(ALICE, "context", "focus", "old focus"), Optional.empty(),
                T0)).memory();
        store.softDelete(ALICE, old.id(), T0.plusSeconds(1));
        SaveOutcome again = store.save(keyed(ALICE, "context", "focus", "new focus"), Optional.empty(), T0.plusSeconds(2));
        assertThat(again).isInstanceOf(SaveOutcome.Inserted.class);

        assertThatThrownBy(() -> store.restore(ALICE, old.id(), T0))
                .isInstanceOf(dev.strata.domain.error.ConflictException.class);
        assertThat(store.history(ALICE, MemoryKey.of("focus"), 10)).extracting(Memory::content)
                .containsExactly("new focus", "old focus");
    }

    @Test
    void superseded_entries_cannot_be_edited_in_place() {
        Memory v1 = ((SaveOutcome.Inserted) store.save(keyed(ALICE, "lesson", "deploys", "never deploy on Fridays"),
                Optional.empty(), T0)).memory();
        store.save(keyed(ALICE, "lesson", "deploys", "never deploy on Fridays or before holidays"),
                Optional.of(Supersession.MINOR_CORRECTION), T0.plusSeconds(1));
        assertThat(store.update(ALICE, v1.id(), new MemoryChange(Optional.empty(), Optional.of(new Metadata("{\"a\":1}"))),
                T0.plusSeconds(2))).isEmpty();
    }

    @Test
    void list_and_count_honour_category_filters() {
        store.insert(memory(ALICE, "identity", "I monitor the payment gateway"), T0);
        store.insert(memory(ALICE, "reference", "runbook at wiki/payments"), T0);
        store.insert(memory(ALICE, "lesson", "check fees first"), T0);
        CategoryFilter injectable = new CategoryFilter.Excluding(java.util.Set.of(Category.REFERENCE, Category.HISTORICAL));

        assertThat(store.countActive(ALICE, injectable)).isEqualTo(2);
        assertThat(store.list(ALICE, injectable, 10)).extracting(Memory::category)
                .containsExactlyInAnyOrder(Category.IDENTITY, Category.LESSON);
        assertThat(store.list(ALICE, CategoryFilter.only(Category.REFERENCE), 10)).hasSize(1);
    }

    @Test
    void tenants_with_active_memories_are_named_once_each_in_order_and_only_for_the_filtered_categories() {
        store.insert(memory(BOB, "observation", "bob trades long"), T0);
        store.insert(memory(BOB, "observation", "bob trades long again"), T0);
        store.insert(memory(ALICE, "preference", "alice wants low leverage"), T0);
        Memory gone = store.insert(memory(Tenant.of("carol"), "observation", "carol's only note"), T0);
        store.softDelete(Tenant.of("carol"), gone.id(), T0);
        store.insert(memory(Tenant.of("dave"), "lesson", "dave's lesson"), T0);

        CategoryFilter statements = new CategoryFilter.Only(java.util.Set.of(Category.PREFERENCE, Category.OBSERVATION));
        assertThat(store.tenantsWithActive(statements)).containsExactly(ALICE, BOB);
        assertThat(store.tenantsWithActive(CategoryFilter.ALL)).containsExactly(ALICE, BOB, Tenant.of("dave"));
    }

    @Test
    void updated_by_is_the_actor_of_the_last_write_that_changed_the_row() {
        Actor writer = Actor.claimed("agent-7", Optional.of("k3x9q2m8a1bz"));
        Actor editor = Actor.claimed("session:42", Optional.empty());
        Actor person = Actor.claimed("ada", Optional.empty());
        Memory m = store.insert(memory(ALICE, "lesson", "size down").withUpdatedBy(writer), T0);
        assertThat(store.find(ALICE, m.id()).orElseThrow().updatedBy().id()).isEqualTo("agent-7");

        store.update(ALICE, m.id(), new MemoryChange(Optional.of("size down in chop"), Optional.empty()), editor,
                T0.plusSeconds(1));
        assertThat(store.find(ALICE, m.id()).orElseThrow().updatedBy().id()).isEqualTo("session:42");

        store.softDelete(ALICE, m.id(), person, T0.plusSeconds(2));
        Memory restored = store.restore(ALICE, m.id(), T0, writer).orElseThrow();
        assertThat(restored.updatedBy().id()).isEqualTo("agent-7");
    }

    @Test
    void a_supersede_names_its_actor_on_the_new_entry_and_on_the_one_it_replaced() {
        Actor first = Actor.claimed("agent-1", Optional.empty());
        Actor second = Actor.claimed("agent-2", Optional.empty());
        NewMemory v1 = new NewMemory(ALICE, Category.DECISION, "JWT 1h", Metadata.EMPTY, Source.AGENT_RECORDED,
                Optional.of(MemoryKey.of("auth")), List.of(), first);
        store.save(v1, Optional.empty(), T0);

        SaveOutcome.Superseded out = (SaveOutcome.Superseded) store.save(new NewMemory(ALICE, Category.DECISION,
                "JWT 15m", Metadata.EMPTY, Source.AGENT_RECORDED, Optional.of(MemoryKey.of("auth")), List.of(), second),
                Optional.of("shorter"), T0.plusSeconds(1));

        assertThat(out.memory().updatedBy().id()).isEqualTo("agent-2");
        assertThat(out.previous().updatedBy().id()).isEqualTo("agent-2");
        assertThat(store.history(ALICE, MemoryKey.of("auth"), 10)).extracting(h -> h.updatedBy().id())
                .containsExactly("agent-2", "agent-2");
    }

    @Test
    void a_row_written_without_a_named_actor_shows_unknown() {
        Memory m = store.insert(memory(ALICE, "lesson", "who wrote me?"), T0);

        assertThat(store.find(ALICE, m.id()).orElseThrow().updatedBy()).isEqualTo(Actor.UNKNOWN);
    }

    @Test
    void the_purge_answers_which_rows_of_which_tenant_it_removed() {
        Memory mine = store.insert(memory(ALICE, "lesson", "expired"), T0);
        Memory yours = store.insert(memory(BOB, "lesson", "expired too"), T0);
        store.insert(memory(ALICE, "lesson", "alive"), T0);
        store.softDelete(ALICE, mine.id(), T0);
        store.softDelete(BOB, yours.id(), T0);

        List<PurgedMemory> purged = store.purgeDeleted(T0.plusSeconds(1));

        assertThat(purged).containsExactlyInAnyOrder(new PurgedMemory(ALICE, mine.id()), new PurgedMemory(BOB, yours.id()));
        assertThat(store.purgeDeleted(T0.plusSeconds(1))).isEmpty();
    }
}
