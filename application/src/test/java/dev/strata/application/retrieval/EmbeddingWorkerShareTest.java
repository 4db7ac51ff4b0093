package dev.strata.application.retrieval;

import dev.strata.application.memory.MemoryWritten;
import dev.strata.domain.chunking.Chunker;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.EmbeddingState;
import dev.strata.domain.retrieval.InMemoryEmbeddingStateStore;
import dev.strata.domain.retrieval.InMemoryVectorStore;
import dev.strata.domain.retrieval.WordEmbedder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The worker under its backlog share, on real threads: a batch split over several threads stores every row's
 * own vectors, and a part that fails fails its batch as a whole model call would.
 */
class EmbeddingWorkerShareTest {

    private static final Tenant T = Tenant.of("t");
    private static final Instant AT = Instant.parse("2026-03-01T09:00:00Z");

    private final InMemoryVectorStore index = new InMemoryVectorStore();
    private final InMemoryEmbeddingStateStore states = new InMemoryEmbeddingStateStore();
    private final WordEmbedder words = new WordEmbedder(Map.of());
    private final SlowEmbedder model = new SlowEmbedder(words);
    /** Engaged from the first pending row; the model sleeps, so every batch falls short of its CPU and adds a thread. */
    private final EmbeddingWorker worker = new EmbeddingWorker(model, index, states,
            new EmbeddingSettings(1_000, 8, 3, new Chunker(200, 20), EmbeddingSettings.Yield.DEFAULT)
                    .withBacklogShare(new EmbeddingSettings.BacklogShare(1, 100)), 1_000, ForegroundYield.NEVER);
    private final Map<Long, String> contents = new ConcurrentHashMap<>();
    private long nextId = 1;

    @AfterEach
    void stop() {
        worker.close();
    }

    private long write(String content) {
        return write(worker, content);
    }

    private long write(EmbeddingWorker w, String content) {
        long id = nextId++;
        states.register(T, MemoryId.of(id), content);
        contents.put(id, content);
        w.onWritten(new MemoryWritten(new Memory(MemoryId.of(id), T, Category.OBSERVATION, content,
                Metadata.EMPTY, Source.AGENT_RECORDED, AT, AT, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty())));
        return id;
    }

    @Test
    void a_batch_split_over_several_threads_stores_each_rows_own_vectors() throws Exception {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            ids.add(write("memory number " + i + " about topic " + (char) ('a' + i % 26) + " and word" + i));
        }

        for (int batch = 0; batch < 5; batch++) {
            assertThat(worker.step(0)).isEqualTo(8);
        }

        assertThat(worker.threadsPerBatch()).isGreaterThan(1);
        assertThat(model.mostAtOnce.get()).as("calls of one batch ran side by side").isGreaterThan(1);
        assertThat(model.threads).hasSizeGreaterThan(1);
        for (long id : ids) {
            assertThat(states.state(MemoryId.of(id))).contains(EmbeddingState.EMBEDDED);
            assertThat(index.chunks(T, MemoryId.of(id)))
                    .containsExactly(words.embedDocuments(List.of(contents.get(id))).getFirst());
        }
    }

    @Test
    void a_remote_models_batch_stays_one_call() throws Exception {
        SlowEmbedder remote = new SlowEmbedder(words) {
            @Override
            public boolean computesInProcess() {
                return false;
            }
        };
        EmbeddingWorker w = new EmbeddingWorker(remote, index, states,
                new EmbeddingSettings(1_000, 8, 3, new Chunker(200, 20), EmbeddingSettings.Yield.DEFAULT)
                        .withBacklogShare(new EmbeddingSettings.BacklogShare(1, 100)), 1_000, ForegroundYield.NEVER);
        try {
            for (int i = 0; i < 24; i++) {
                write(w, "a row for a remote model, number " + i);
            }
            for (int batch = 0; batch < 3; batch++) {
                w.step(0);
            }

            assertThat(w.behindBacklog()).isTrue();
            assertThat(w.threadsPerBatch()).isEqualTo(1);
            assertThat(remote.mostAtOnce.get()).isEqualTo(1);
        } finally {
            w.close();
        }
    }

    @Test
    void a_part_that_fails_marks_its_whole_batch_failed() throws Exception {
        for (int i = 0; i < 16; i++) {
            write("a row of the first batches, number " + i);
        }
        worker.step(0);
        worker.step(0);
        assertThat(worker.threadsPerBatch()).isGreaterThan(1);
        model.failOn = "the model chokes on this one";
        List<Long> batch = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            batch.add(write("a row beside the poisoned one, number " + i));
        }
        batch.add(write("the model chokes on this one"));
        worker.step(0);

        for (long id : batch) {
            assertThat(states.state(MemoryId.of(id))).contains(EmbeddingState.FAILED);
            assertThat(index.chunks(T, MemoryId.of(id))).isEmpty();
        }
    }

    /** Sleeps in every call (no CPU: the share always falls short) and counts the calls running at once. */
    private static class SlowEmbedder implements Embedder {
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final Set<String> threads = ConcurrentHashMap.newKeySet();
        volatile String failOn = null;
        private final Embedder delegate;

        SlowEmbedder(Embedder delegate) {
            this.delegate = delegate;
        }

        @Override
        public Optional<EmbeddingModelInfo> modelInfo() {
            return delegate.modelInfo();
        }

        @Override
        public boolean computesInProcess() {
            return true;
        }

        @Override
        public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            threads.add(Thread.currentThread().getName() + "#" + Thread.currentThread().threadId());
            try {
                Thread.sleep(50);
                if (failOn != null && texts.contains(failOn)) {
                    throw new IllegalStateException("the model failed");
                }
                return delegate.embed(texts, purpose);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } finally {
                running.decrementAndGet();
            }
        }
    }
}
