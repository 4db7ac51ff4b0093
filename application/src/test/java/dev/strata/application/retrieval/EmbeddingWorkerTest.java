package dev.strata.application.retrieval;

import dev.strata.application.memory.MemoryWritten;
import dev.strata.domain.chunking.Chunker;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import dev.strata.domain.retrieval.EmbeddingState;
import dev.strata.domain.retrieval.InMemoryEmbeddingStateStore;
import dev.strata.domain.retrieval.InMemoryVectorStore;
import dev.strata.domain.retrieval.PendingEmbedding;
import dev.strata.domain.retrieval.WordEmbedder;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class EmbeddingWorkerTest {

    private static final Tenant T = Tenant.of("t");
    private static final Instant AT = Instant.parse("2026-03-01T09:00:00Z");

    private final WordEmbedder embedder = new WordEmbedder(Map.of());
    private final InMemoryVectorStore index = new InMemoryVectorStore();
    private final InMemoryEmbeddingStateStore states = new InMemoryEmbeddingStateStore();

    private EmbeddingWorker worker(int queueCapacity) {
        return new EmbeddingWorker(embedder, index, states, new EmbeddingSettings(queueCapacity, 8, 3,
                new Chunker(20, 4)));
    }

    private PendingEmbedding row(long id, String content) {
        states.register(T, MemoryId.of(id), content);
        return new PendingEmbedding(T, MemoryId.of(id), content);
    }

    private static Memory memory(long id, String content) {
        return new Memory(MemoryId.of(id), T, Category.OBSERVATION, content, Metadata.EMPTY, Source.AGENT_RECORDED,
                AT, AT, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    @Test
    void a_batch_stores_vectors_and_marks_rows_embedded_or_skipped() {
        worker(10).embedBatch(List.of(row(1, "the user likes tight stops"), row(2, "ok")));

        assertThat(states.state(MemoryId.of(1))).contains(EmbeddingState.EMBEDDED);
        assertThat(index.chunks(T, MemoryId.of(1))).hasSize(1);
        assertThat(states.state(MemoryId.of(2))).contains(EmbeddingState.SKIPPED);
        assertThat(index.chunks(T, MemoryId.of(2))).isEmpty();
    }

    @Test
    void long_content_gets_one_vector_per_chunk() {
        String paragraph = "word ".repeat(30).strip();
        worker(10).embedBatch(List.of(row(1, paragraph + "\n\n" + paragraph + "\n\n" + paragraph)));

        assertThat(index.chunks(T, MemoryId.of(1))).hasSizeGreaterThan(1);
    }

    @Test
    void identical_text_is_embedded_once_thanks_to_the_cache() {
        EmbeddingWorker worker = worker(10);
        worker.embedBatch(List.of(row(1, "same words here")));
        worker.embedBatch(List.of(row(2, "same words here")));

        assertThat(embedder.embeddedTexts()).isEqualTo(1);
        assertThat(index.chunks(T, MemoryId.of(2))).isEqualTo(index.chunks(T, MemoryId.of(1)));
    }

    @Test
    void a_failing_embedder_marks_rows_failed_and_reindex_retries_them() {
        EmbeddingWorker worker = worker(10);
        embedder.failFromNowOn(true);
        worker.embedBatch(List.of(row(1, "first memory text"), row(2, "second memory text")));
        assertThat(states.state(MemoryId.of(1))).contains(EmbeddingState.FAILED);
        assertThat(worker.countToReindex(false)).isEqualTo(2);

        embedder.failFromNowOn(false);
        List<Long> progress = new ArrayList<>();
        assertThat(worker.reindex(false, progress::add)).isEqualTo(2);

        assertThat(progress).last().isEqualTo(2L);
        assertThat(states.state(MemoryId.of(2))).contains(EmbeddingState.EMBEDDED);
        assertThat(worker.countToReindex(false)).isZero();
    }

    @Test
    void reindex_all_reembeds_every_row() {
        EmbeddingWorker worker = worker(10);
        worker.embedBatch(List.of(row(1, "first memory text")));

        assertThat(worker.countToReindex(true)).isEqualTo(1);
        assertThat(worker.reindex(true, n -> { })).isEqualTo(1);
        assertThat(states.state(MemoryId.of(1))).contains(EmbeddingState.EMBEDDED);
    }

    @Test
    void the_worker_thread_embeds_written_memories_in_the_background() {
        try (EmbeddingWorker worker = worker(10)) {
            worker.start();
            row(7, "written then embedded later");
            worker.onWritten(new MemoryWritten(memory(7, "written then embedded later")));

            waitUntilEmbedded(MemoryId.of(7));
            assertThat(states.state(MemoryId.of(7))).contains(EmbeddingState.EMBEDDED);
            assertThat(index.chunks(T, MemoryId.of(7))).hasSize(1);
        }
    }

    @Test
    void a_full_queue_neither_blocks_nor_fails_the_write_and_the_row_stays_pending() {
        EmbeddingWorker worker = worker(1);
        row(1, "first in the queue");
        row(2, "no room for this one");
        worker.onWritten(new MemoryWritten(memory(1, "first in the queue")));
        worker.onWritten(new MemoryWritten(memory(2, "no room for this one")));

        assertThat(worker.queued()).isEqualTo(1);
        assertThat(states.state(MemoryId.of(2))).contains(EmbeddingState.PENDING);
        worker.close();
        assertThat(states.state(MemoryId.of(1))).contains(EmbeddingState.PENDING);
    }

    @Test
    void a_batch_in_flight_when_the_worker_stops_finishes_and_the_rows_queued_behind_it_stay_pending() throws Exception {
        GatedEmbedder gated = new GatedEmbedder(embedder);
        EmbeddingWorker worker = new EmbeddingWorker(gated, index, states, new EmbeddingSettings(10, 1, 3,
                new Chunker(20, 4)));
        row(1, "embedded while stopping");
        row(2, "queued behind the batch in flight");
        worker.start();
        worker.onWritten(new MemoryWritten(memory(1, "embedded while stopping")));
        assertThat(gated.entered.await(30, TimeUnit.SECONDS)).isTrue();
        worker.onWritten(new MemoryWritten(memory(2, "queued behind the batch in flight")));

        Thread closer = Thread.ofPlatform().start(worker::close);
        // The stop has begun once the closer waits for the worker; only then may the model answer.
        awaitState(closer, Thread.State.TIMED_WAITING);
        gated.open.countDown();
        closer.join(30_000);

        assertThat(closer.isAlive()).isFalse();
        assertThat(states.state(MemoryId.of(1))).contains(EmbeddingState.EMBEDDED);
        assertThat(index.chunks(T, MemoryId.of(1))).hasSize(1);
        assertThat(states.state(MemoryId.of(2))).contains(EmbeddingState.PENDING);
        assertThat(index.chunks(T, MemoryId.of(2))).isEmpty();
    }

    @Test
    void a_batch_stuck_past_the_stop_grace_is_interrupted_and_its_rows_stay_pending_not_failed() throws Exception {
        GatedEmbedder gated = new GatedEmbedder(embedder);
        EmbeddingWorker worker = new EmbeddingWorker(gated, index, states, new EmbeddingSettings(10, 8, 3,
                new Chunker(20, 4)), 100);
        row(1, "the model never answers this");
        worker.start();
        worker.onWritten(new MemoryWritten(memory(1, "the model never answers this")));
        assertThat(gated.entered.await(30, TimeUnit.SECONDS)).isTrue();

        worker.close();

        assertThat(gated.interrupted).isTrue();
        assertThat(states.state(MemoryId.of(1))).contains(EmbeddingState.PENDING);
        assertThat(index.chunks(T, MemoryId.of(1))).isEmpty();
    }

    private static void awaitState(Thread thread, Thread.State state) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (thread.getState() != state && thread.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(thread.getState()).isEqualTo(state);
    }

    /**
     * Holds every call until {@link #open} is counted down; an interrupt makes it fail the way the
     * HTTP embedder does (interrupt flag kept, {@link UnavailableException} thrown).
     */
    private static final class GatedEmbedder implements Embedder {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch open = new CountDownLatch(1);
        volatile boolean interrupted;
        private final Embedder delegate;

        GatedEmbedder(Embedder delegate) {
            this.delegate = delegate;
        }

        @Override
        public Optional<EmbeddingModelInfo> modelInfo() {
            return delegate.modelInfo();
        }

        @Override
        public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
            entered.countDown();
            try {
                open.await();
            } catch (InterruptedException e) {
                interrupted = true;
                Thread.currentThread().interrupt();
                throw new UnavailableException("interrupted while calling the model", e);
            }
            return delegate.embed(texts, purpose);
        }
    }

    /** Polls the state the worker thread writes; gives up after a generous bound so a broken worker fails the test. */
    private void waitUntilEmbedded(MemoryId id) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (states.state(id).filter(s -> s == EmbeddingState.EMBEDDED).isEmpty() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
