package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every {@link EmbeddingStateStore} promises, run against the in-memory fake and the SQLite
 * adapter alike. The rows it tracks are memories, which the store does not write: subclasses write
 * and delete them in their own way (the fake registers them, SQLite inserts into {@code memories}).
 */
public abstract class EmbeddingStateStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");

    private static final List<EmbeddingState> RETRYABLE = List.of(EmbeddingState.PENDING, EmbeddingState.FAILED);

    protected EmbeddingStateStore store;

    /** A fresh store over no memories. */
    protected abstract EmbeddingStateStore createStore();

    /** Writes a memory the store then tracks; a new memory is {@link EmbeddingState#PENDING}. */
    protected abstract MemoryId writeMemory(Tenant tenant, String content);

    /** Soft-deletes a memory written by {@link #writeMemory}. */
    protected abstract void deleteMemory(Tenant tenant, MemoryId memory);

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    private List<MemoryId> ids(List<EmbeddingState> states, long afterId, int limit) {
        return store.inStates(states, afterId, limit).stream().map(PendingEmbedding::memory).toList();
    }

    @Test
    void a_new_memory_is_pending_with_its_tenant_and_content() {
        MemoryId m = writeMemory(ALICE, "bought BTC at the open");

        assertThat(store.inStates(List.of(EmbeddingState.PENDING), 0, 10))
                .containsExactly(new PendingEmbedding(ALICE, m, "bought BTC at the open"));
        assertThat(store.countInStates(List.of(EmbeddingState.PENDING))).isEqualTo(1);
    }

    @Test
    void marking_moves_a_memory_between_states() {
        MemoryId m = writeMemory(ALICE, "one");

        store.mark(ALICE, m, EmbeddingState.EMBEDDED);

        assertThat(store.countInStates(RETRYABLE)).isZero();
        assertThat(ids(List.of(EmbeddingState.EMBEDDED), 0, 10)).containsExactly(m);
        store.mark(ALICE, m, EmbeddingState.FAILED);
        assertThat(ids(RETRYABLE, 0, 10)).containsExactly(m);
    }

    @Test
    void marking_another_tenants_or_a_missing_memory_changes_nothing() {
        MemoryId m = writeMemory(ALICE, "alice's");

        store.mark(BOB, m, EmbeddingState.EMBEDDED);
        store.mark(ALICE, MemoryId.of(m.value() + 1000), EmbeddingState.EMBEDDED);

        assertThat(ids(List.of(EmbeddingState.PENDING), 0, 10)).containsExactly(m);
        assertThat(store.countInStates(List.of(EmbeddingState.EMBEDDED))).isZero();
    }

    @Test
    void memories_in_the_asked_states_are_paged_lowest_id_first_across_tenants() {
        MemoryId one = writeMemory(ALICE, "one");
        MemoryId two = writeMemory(BOB, "two");
        MemoryId three = writeMemory(ALICE, "three");
        MemoryId four = writeMemory(BOB, "four");
        store.mark(ALICE, one, EmbeddingState.FAILED);
        store.mark(BOB, two, EmbeddingState.EMBEDDED);
        store.mark(BOB, four, EmbeddingState.SKIPPED);

        assertThat(ids(RETRYABLE, 0, 1)).containsExactly(one);
        assertThat(ids(RETRYABLE, one.value(), 10)).containsExactly(three);
        assertThat(ids(RETRYABLE, three.value(), 10)).isEmpty();
        assertThat(store.countInStates(RETRYABLE)).isEqualTo(2);
        assertThat(store.countInStates(List.of(EmbeddingState.values()))).isEqualTo(4);
    }

    @Test
    void no_states_asked_means_no_memories() {
        writeMemory(ALICE, "one");

        assertThat(store.inStates(List.of(), 0, 10)).isEmpty();
        assertThat(store.countInStates(List.of())).isZero();
    }

    @Test
    void deleted_memories_are_neither_listed_counted_nor_reset() {
        MemoryId kept = writeMemory(ALICE, "kept");
        MemoryId gone = writeMemory(ALICE, "gone");
        store.mark(ALICE, gone, EmbeddingState.EMBEDDED);
        deleteMemory(ALICE, gone);

        assertThat(store.resetAll()).isZero();
        assertThat(ids(List.of(EmbeddingState.values()), 0, 10)).containsExactly(kept);
        assertThat(store.countInStates(List.of(EmbeddingState.values()))).isEqualTo(1);
    }

    @Test
    void reset_puts_every_memory_back_to_pending_and_counts_the_ones_it_moved() {
        MemoryId embedded = writeMemory(ALICE, "embedded");
        MemoryId failed = writeMemory(BOB, "failed");
        MemoryId pending = writeMemory(ALICE, "pending");
        store.mark(ALICE, embedded, EmbeddingState.EMBEDDED);
        store.mark(BOB, failed, EmbeddingState.FAILED);

        assertThat(store.resetAll()).isEqualTo(2);

        assertThat(ids(List.of(EmbeddingState.PENDING), 0, 10)).containsExactly(embedded, failed, pending);
    }

    @Test
    void the_cache_keeps_the_first_vector_per_hash_and_model() {
        Embedding first = new Embedding(new float[] {0.5f, -1.25f, 3f});

        store.cache("h1", "model-a", first);
        store.cache("h1", "model-a", new Embedding(new float[] {9f, 9f, 9f}));

        assertThat(store.cached("h1", "model-a")).contains(first);
        assertThat(store.cached("h1", "model-b")).isEmpty();
        assertThat(store.cached("h2", "model-a")).isEmpty();
    }
}
