package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What every {@link VectorStore} promises, run against the in-memory fake and the SQLite adapter
 * (sqlite-vec) alike. Subclasses provide a fresh, empty store of three-dimensional vectors.
 * Distances are cosine distances: 0 for the same direction, 1 for orthogonal vectors.
 */
public abstract class VectorStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final int DIMENSION = 3;

    private static final double TOLERANCE = 1e-5;

    protected VectorStore store;

    /** A fresh store holding no vectors, for {@link #DIMENSION}-dimensional vectors. */
    protected abstract VectorStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    protected static Embedding v(float... values) {
        return new Embedding(values);
    }

    private static MemoryId id(long value) {
        return MemoryId.of(value);
    }

    private List<Long> nearestIds(Tenant tenant, Embedding query, int limit) {
        return store.nearest(tenant, query, limit).stream().map(m -> m.memory().value()).toList();
    }

    @Test
    void an_empty_store_finds_nothing() {
        assertThat(store.nearest(ALICE, v(1, 0, 0), 5)).isEmpty();
    }

    @Test
    void the_nearest_memories_come_closest_first_with_their_cosine_distance() {
        store.replace(ALICE, id(1), List.of(v(0, 1, 0)));
        store.replace(ALICE, id(2), List.of(v(1, 0, 0)));
        store.replace(ALICE, id(3), List.of(v(1, 1, 0)));

        List<VectorMatch> matches = store.nearest(ALICE, v(2, 0, 0), 10);

        assertThat(matches).extracting(m -> m.memory().value()).containsExactly(2L, 3L, 1L);
        assertThat(matches.get(0).distance()).isCloseTo(0, within(TOLERANCE));
        assertThat(matches.get(1).distance()).isCloseTo(1 - Math.sqrt(0.5), within(TOLERANCE));
        assertThat(matches.get(2).distance()).isCloseTo(1, within(TOLERANCE));
    }

    @Test
    void a_memory_is_found_once_by_its_best_chunk() {
        store.replace(ALICE, id(1), List.of(v(0, 0, 1), v(1, 0, 0), v(0, 1, 0)));
        store.replace(ALICE, id(2), List.of(v(1, 0.2f, 0)));

        List<VectorMatch> matches = store.nearest(ALICE, v(1, 0, 0), 10);

        assertThat(matches).extracting(m -> m.memory().value()).containsExactly(1L, 2L);
        assertThat(matches.get(0).distance()).isCloseTo(0, within(TOLERANCE));
    }

    @Test
    void the_limit_bounds_how_many_memories_come_back() {
        for (int i = 1; i <= 5; i++) {
            store.replace(ALICE, id(i), List.of(v(1, i, 0)));
        }

        assertThat(nearestIds(ALICE, v(1, 0, 0), 2)).containsExactly(1L, 2L);
        assertThat(nearestIds(ALICE, v(1, 0, 0), 10)).hasSize(5);
    }

    @Test
    void replacing_a_memorys_vectors_forgets_the_old_chunks() {
        store.replace(ALICE, id(1), List.of(v(1, 0, 0), v(0, 1, 0)));
        store.replace(ALICE, id(2), List.of(v(0, 0.9f, 0.1f)));

        store.replace(ALICE, id(1), List.of(v(0, 0, 1)));

        assertThat(nearestIds(ALICE, v(0, 1, 0), 1)).containsExactly(2L);
        assertThat(store.nearest(ALICE, v(0, 0, 1), 1)).singleElement().satisfies(m -> {
            assertThat(m.memory()).isEqualTo(id(1));
            assertThat(m.distance()).isCloseTo(0, within(TOLERANCE));
        });
    }

    @Test
    void replacing_with_no_chunks_and_deleting_remove_a_memory() {
        store.replace(ALICE, id(1), List.of(v(1, 0, 0)));
        store.replace(ALICE, id(2), List.of(v(0, 1, 0)));
        store.replace(ALICE, id(3), List.of(v(0, 0, 1)));

        store.replace(ALICE, id(1), List.of());
        store.delete(ALICE, id(2));
        store.delete(ALICE, id(99));

        assertThat(nearestIds(ALICE, v(1, 1, 1), 10)).containsExactly(3L);
    }

    @Test
    void a_tenant_never_finds_nor_removes_another_tenants_vectors() {
        // Memory ids are unique across tenants (see the port): Bob's memories have ids of their own.
        store.replace(ALICE, id(1), List.of(v(1, 0, 0)));
        store.replace(BOB, id(3), List.of(v(0, 1, 0)));
        store.replace(BOB, id(2), List.of(v(1, 0, 0)));

        assertThat(nearestIds(ALICE, v(1, 0, 0), 10)).containsExactly(1L);
        store.delete(BOB, id(1));
        assertThat(store.nearest(ALICE, v(1, 0, 0), 10)).singleElement()
                .satisfies(m -> assertThat(m.distance()).isCloseTo(0, within(TOLERANCE)));
        assertThat(nearestIds(BOB, v(1, 0, 0), 10)).containsExactly(2L, 3L);
    }
}
