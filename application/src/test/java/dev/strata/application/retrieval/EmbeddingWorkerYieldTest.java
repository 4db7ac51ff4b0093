package dev.strata.application.retrieval;

import dev.strata.application.memory.MemoryWritten;
import dev.strata.domain.chunking.Chunker;
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
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The worker giving way to writes, driven step by step on a fake clock (the worker thread is never
 * started, so nothing depends on real time).
 */
class EmbeddingWorkerYieldTest {

    private static final Tenant T = Tenant.of("t");
    private static final Instant AT = Instant.parse("2026-03-01T09:00:00Z");
    private static final long MS = 1_000_000L;

    private final InMemoryVectorStore index = new InMemoryVectorStore();
    private final InMemoryEmbeddingStateStore states = new InMemoryEmbeddingStateStore();
    private final AtomicLong now = new AtomicLong();
    private final AtomicLong slept = new AtomicLong();
    private Runnable duringSleep = () -> { };
    private final EmbeddingWorker worker = new EmbeddingWorker(new WordEmbedder(Map.of()), index, states,
            new EmbeddingSettings(100, 8, 3, new Chunker(20, 4), EmbeddingSettings.Yield.DEFAULT), 1_000,
            new ForegroundYield(Duration.ofMillis(250), Duration.ofMillis(2_000), now::get, nanos -> {
                slept.addAndGet(nanos);
                now.addAndGet(nanos);
                duringSleep.run();
            }));

    private long nextId = 1;

    private long write(String content) {
        return register(worker, content);
    }

    private Optional<EmbeddingState> state(long id) {
        return states.state(MemoryId.of(id));
    }

    @Test
    void a_batch_waits_for_the_writes_to_pause_and_takes_the_rows_written_meanwhile() throws Exception {
        long first = write("the first memory of a burst");
        long[] during = new long[1];
        duringSleep = () -> {
            if (during[0] == 0) {
                during[0] = write("written while the worker waited");
            }
        };

        assertThat(worker.step(0)).isEqualTo(2);

        // The second write restarted the quiet period: 250 ms after it, both went in one batch.
        assertThat(slept.get()).isGreaterThanOrEqualTo(250 * MS).isLessThan(2_000 * MS);
        assertThat(state(first)).contains(EmbeddingState.EMBEDDED);
        assertThat(state(during[0])).contains(EmbeddingState.EMBEDDED);
    }

    @Test
    void a_steady_stream_of_writes_delays_each_batch_by_the_maximum_wait_but_never_starves_it() throws Exception {
        long first = write("written before the stream");
        duringSleep = () -> write("one more write of a steady stream");

        worker.step(0);

        assertThat(slept.get()).isEqualTo(2_000 * MS);
        assertThat(state(first)).contains(EmbeddingState.EMBEDDED);
        assertThat(index.chunks(T, MemoryId.of(first))).hasSize(1);
    }

    @Test
    void after_the_writes_stop_the_batch_goes_without_waiting() throws Exception {
        long id = write("a write a while ago");
        now.addAndGet(1_000 * MS);

        worker.step(0);

        assertThat(slept.get()).isZero();
        assertThat(state(id)).contains(EmbeddingState.EMBEDDED);
    }

    @Test
    void a_stop_while_the_batch_waits_leaves_its_rows_pending() throws Exception {
        long id = write("never embedded: the server stopped first");
        duringSleep = worker::close;

        worker.step(0);

        assertThat(state(id)).contains(EmbeddingState.PENDING);
        assertThat(index.chunks(T, MemoryId.of(id))).isEmpty();
    }

    @Test
    void a_search_delays_the_next_batch_like_a_write() throws Exception {
        long id = write("a write a while ago");
        now.addAndGet(1_000 * MS);
        worker.onSearched();

        worker.step(0);

        assertThat(slept.get()).as("the quiet period after the search").isEqualTo(250 * MS);
        assertThat(state(id)).contains(EmbeddingState.EMBEDDED);
    }

    @Test
    void a_steady_stream_of_searches_never_starves_the_batch() throws Exception {
        long id = write("written before the searches");
        duringSleep = worker::onSearched;

        worker.step(0);

        assertThat(slept.get()).isEqualTo(2_000 * MS);
        assertThat(state(id)).contains(EmbeddingState.EMBEDDED);
    }

    /** A worker whose backlog share engages at {@code rows} pending, on the same fake clock. */
    private EmbeddingWorker behindFrom(long rows) {
        return new EmbeddingWorker(new WordEmbedder(Map.of()), index, states,
                new EmbeddingSettings(100, 8, 3, new Chunker(20, 4), EmbeddingSettings.Yield.DEFAULT)
                        .withBacklogShare(new EmbeddingSettings.BacklogShare(rows, 40)), 1_000,
                new ForegroundYield(Duration.ofMillis(250), Duration.ofMillis(2_000), now::get, nanos -> {
                    slept.addAndGet(nanos);
                    now.addAndGet(nanos);
                    duringSleep.run();
                }));
    }

    private long register(EmbeddingWorker w, String content) {
        long id = nextId++;
        states.register(T, MemoryId.of(id), content);
        w.onWritten(new MemoryWritten(new Memory(MemoryId.of(id), T, Category.OBSERVATION, content,
                Metadata.EMPTY, Source.AGENT_RECORDED, AT, AT, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty())));
        return id;
    }

    @Test
    void behind_a_backlog_a_batch_does_not_wait_for_the_requests() throws Exception {
        EmbeddingWorker behind = behindFrom(4);
        long first = register(behind, "one row of an imported backlog");
        for (int i = 0; i < 4; i++) {
            register(behind, "another row of the backlog number " + i);
        }
        duringSleep = () -> register(behind, "one more write of a steady stream");
        behind.onSearched();

        behind.step(0);

        assertThat(slept.get()).as("the share replaces yielding").isZero();
        assertThat(behind.behindBacklog()).isTrue();
        assertThat(state(first)).contains(EmbeddingState.EMBEDDED);
    }

    @Test
    void below_half_the_backlog_the_worker_yields_again() throws Exception {
        EmbeddingWorker behind = behindFrom(4);
        for (int i = 0; i < 5; i++) {
            register(behind, "a row of a backlog that one batch clears, number " + i);
        }
        behind.step(0);
        assertThat(slept.get()).isZero();

        now.addAndGet(BacklogShare.CHECK_INTERVAL.toNanos());
        long late = register(behind, "written after the backlog was embedded");
        duringSleep = () -> register(behind, "one more write of a steady stream");

        behind.step(0);

        assertThat(behind.behindBacklog()).as("one row pending, under half of four").isFalse();
        assertThat(slept.get()).as("the yield's bound again").isEqualTo(2_000 * MS);
        assertThat(state(late)).contains(EmbeddingState.EMBEDDED);
    }
}
