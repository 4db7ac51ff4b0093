package dev.strata.application.retrieval;

import dev.strata.domain.chunking.Chunker;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.retrieval.BackgroundWrites;
import dev.strata.domain.retrieval.EmbeddingState;
import dev.strata.domain.retrieval.InMemoryEmbeddingStateStore;
import dev.strata.domain.retrieval.InMemoryVectorStore;
import dev.strata.domain.retrieval.PendingEmbedding;
import dev.strata.domain.retrieval.VectorMatch;
import dev.strata.domain.retrieval.VectorStore;
import dev.strata.domain.retrieval.WordEmbedder;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the worker shapes its writes: one background slice per batch (never one per memory), nothing written
 * outside a slice, and a failing row isolated without failing its batch.
 */
class EmbeddingWorkerSlicesTest {

    private static final Tenant T = Tenant.of("t");

    /** Counts slices and knows whether the calling code is inside one. */
    private static final class CountingWrites implements BackgroundWrites {
        int slices;
        boolean inside;

        @Override
        public void slice(Runnable work) {
            slices++;
            inside = true;
            try {
                work.run();
            } finally {
                inside = false;
            }
        }
    }

    private final CountingWrites writes = new CountingWrites();
    private final List<String> writesOutsideSlices = new ArrayList<>();
    private final InMemoryEmbeddingStateStore states = new InMemoryEmbeddingStateStore();
    private final InMemoryVectorStore vectors = new InMemoryVectorStore();
    private long failingMemory = -1;

    /** The vector store, refusing {@link #failingMemory} and noting any write made outside a slice. */
    private final VectorStore index = new VectorStore() {
        @Override
        public void replace(Tenant tenant, MemoryId memory, List<Embedding> chunks) {
            if (!writes.inside) {
                writesOutsideSlices.add("replace " + memory.value());
            }
            if (memory.value() == failingMemory) {
                throw new IllegalStateException("cannot store memory " + memory.value());
            }
            vectors.replace(tenant, memory, chunks);
        }

        @Override
        public void delete(Tenant tenant, MemoryId memory) {
            vectors.delete(tenant, memory);
        }

        @Override
        public List<VectorMatch> nearest(Tenant tenant, Embedding query, int limit) {
            return vectors.nearest(tenant, query, limit);
        }
    };

    private EmbeddingWorker worker() {
        return new EmbeddingWorker(new WordEmbedder(Map.of()), index, states, writes,
                new EmbeddingSettings(100, 32, 3, new Chunker(20, 4)));
    }

    private List<PendingEmbedding> rows(int n) {
        List<PendingEmbedding> rows = new ArrayList<>();
        for (long id = 1; id <= n; id++) {
            String content = "memory number " + id + " about stop losses";
            states.register(T, MemoryId.of(id), content);
            rows.add(new PendingEmbedding(T, MemoryId.of(id), content));
        }
        return rows;
    }

    @Test
    void a_batch_of_memories_is_written_in_one_slice_not_one_per_memory() {
        List<PendingEmbedding> batch = new ArrayList<>(rows(20));
        states.register(T, MemoryId.of(99), "ok");
        batch.add(new PendingEmbedding(T, MemoryId.of(99), "ok"));

        worker().embedBatch(batch);

        assertThat(writes.slices).isEqualTo(1);
        assertThat(writesOutsideSlices).isEmpty();
        for (long id = 1; id <= 20; id++) {
            assertThat(states.state(MemoryId.of(id))).contains(EmbeddingState.EMBEDDED);
            assertThat(vectors.chunks(T, MemoryId.of(id))).isNotEmpty();
        }
        assertThat(states.state(MemoryId.of(99))).contains(EmbeddingState.SKIPPED);
        assertThat(states.cacheSize()).as("new vectors cached in the same slice").isEqualTo(20);
    }

    @Test
    void when_the_batch_slice_fails_each_row_gets_a_slice_of_its_own_and_only_the_bad_row_is_marked_failed() {
        failingMemory = 3;

        worker().embedBatch(rows(5));

        assertThat(writes.slices).as("the batch, the cache, one per row, one marking the bad row failed")
                .isEqualTo(1 + 1 + 5 + 1);
        assertThat(writesOutsideSlices).isEmpty();
        assertThat(states.state(MemoryId.of(3))).contains(EmbeddingState.FAILED);
        for (long id : new long[]{1, 2, 4, 5}) {
            assertThat(states.state(MemoryId.of(id))).contains(EmbeddingState.EMBEDDED);
        }
    }
}
