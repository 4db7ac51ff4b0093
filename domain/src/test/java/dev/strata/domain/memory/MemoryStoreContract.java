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
    void insertAssignsAnIdAndKeepsEveryField() {
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
    void insertAllStoresEveryRowInInputOrderWithDistinctIds() {
        List<Memory> stored = store.insertAll(List.of(memory(ALICE, "lesson", "one"), memory(ALICE, "lesson", "two"),
                memory(ALICE, "lesson", "three")), T0);

        assertThat(stored).extracting(Memory::content).containsExactly("one", "two", "three");
        assertThat(stored).extracting(Memory::id).doesNotHaveDuplicates();
        for (Memory m : stored) {
            assertThat(store.find(ALICE, m.id())).contains(m);
        }
    }

    @Test
    void listIsNewestFirstAndFiltersByCategory() {
        Memory old = store.insert(memory(ALICE, "preference", "old preference"), T0);
        Memory mid = store.insert(memory(ALICE, "lesson", "a lesson"), T0.plusSeconds(10));
        Memory recent = store.insert(memory(ALICE, "preference", "new preference"), T0.plusSeconds(20));

        assertThat(store.list(ALICE, Optional.empty(), 10)).containsExactly(recent, mid, old);
        assertThat(store.list(ALICE, Optional.of(Category.PREFERENCE), 10)).containsExactly(recent, old);
        assertThat(store.list(ALICE, Optional.empty(), 2)).containsExactly(recent, mid);
    }

    @Test
    void updateChangesContentAndBumpsUpdatedAt() {
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
    void softDeletedMemoriesDisappearFromEveryReadPath() {
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
    void restoreWorksWithinRetentionOnly() {
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
    void restoringAnActiveMemoryChangesNothing() {
        Memory m = store.insert(memory(ALICE, "lesson", "trail stops by 8%"), T0);
        assertThat(store.restore(ALICE, m.id(), T0)).contains(m);
    }

    @Test
    void purgeRemovesOnlyRowsDeletedBeforeTheCutoffInEveryTenant() {
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
    void searchFindsNaturalLanguageQuestions() {
        Memory slippage = store.insert(memory(ALICE, "preference", "always use 0.5% slippage on swaps"), T0);
        store.insert(memory(ALICE, "observation", "user avoided meme coins throughout Q1"), T0);

        List<SearchHit> hits = store.search(new SearchRequest(ALICE, "what slippage does the user like?", 10,
                Optional.empty()));

        assertThat(hits).extracting(h -> h.memory().id()).contains(slippage.id());
        SearchHit hit = hits.stream().filter(h -> h.memory().id().equals(slippage.id())).findFirst().orElseThrow();
        assertThat(hit.snippet()).contains("**slippage**");
    }

    @Test
    void searchHonoursCategoryAndLimit() {
        for (int i = 0; i < 5; i++) {
            store.insert(memory(ALICE, "lesson", "slippage lesson " + i), T0);
            store.insert(memory(ALICE, "preference", "slippage preference " + i), T0);
        }
        List<SearchHit> lessons = store.search(new SearchRequest(ALICE, "slippage", 3, Optional.of(Category.LESSON)));

        assertThat(lessons).hasSize(3).allSatisfy(h -> assertThat(h.memory().category()).isEqualTo(Category.LESSON));
    }

    @Test
    void everyReadPathIsScopedToItsTenant() {
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
    void aFirstSaveInsertsAndASecondWithoutReasonIsRejectedShowingTheCurrentEntry() {
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
    void aSaveWithAReasonSupersedesAndLinksTheChain() {
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
    void searchReturnsSupersededEntriesMarkedInactiveBelowCurrentOnesButNeverDeletedOnes() {
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
    void keysAreScopedToTheirTenant() {
        store.save(keyed(ALICE, "context", "focus", "alice's focus"), Optional.empty(), T0);
        SaveOutcome bobs = store.save(keyed(BOB, "context", "focus", "bob's focus"), Optional.empty(), T0);

        assertThat(bobs).isInstanceOf(SaveOutcome.Inserted.class);
        assertThat(store.history(BOB, MemoryKey.of("focus"), 10)).extracting(Memory::content).containsExactly("bob's focus");
        assertThat(store.findActive(ALICE, MemoryKey.of("focus")).orElseThrow().content()).isEqualTo("alice's focus");
    }

    @Test
    void aDeletedKeyCanBeSavedAgainAndTheOldEntryThenCannotBeRestoredOverIt() {
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
    void supersededEntriesCannotBeEditedInPlace() {
        Memory v1 = ((SaveOutcome.Inserted) store.save(keyed(ALICE, "lesson", "deploys", "never deploy on Fridays"),
                Optional.empty(), T0)).memory();
        store.save(keyed(ALICE, "lesson", "deploys", "never deploy on Fridays or before holidays"),
                Optional.of(Supersession.MINOR_CORRECTION), T0.plusSeconds(1));
        assertThat(store.update(ALICE, v1.id(), new MemoryChange(Optional.empty(), Optional.of(new Metadata("{\"a\":1}"))),
                T0.plusSeconds(2))).isEmpty();
    }

    @Test
    void listAndCountHonourCategoryFilters() {
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
