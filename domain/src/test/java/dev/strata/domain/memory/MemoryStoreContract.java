package dev.strata.domain.memory;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

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
}
