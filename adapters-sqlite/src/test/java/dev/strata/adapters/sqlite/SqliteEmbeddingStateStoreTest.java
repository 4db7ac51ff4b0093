package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.model.Embedding;
import dev.strata.domain.retrieval.EmbeddingBacklog;
import dev.strata.domain.retrieval.EmbeddingState;
import dev.strata.domain.retrieval.PendingEmbedding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class SqliteEmbeddingStateStoreTest {

    private static final Tenant T = Tenant.of("t");
    private static final List<EmbeddingState> RETRYABLE = List.of(EmbeddingState.PENDING, EmbeddingState.FAILED);

    @TempDir
    Path dir;
    private SqliteDatabase db;
    private SqliteMemoryStore memories;
    private SqliteEmbeddingStateStore states;

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
        memories = new SqliteMemoryStore(db);
        states = new SqliteEmbeddingStateStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Memory write(String content) {
        return memories.insert(new NewMemory(T, Category.OBSERVATION, content, Metadata.EMPTY, Source.AGENT_RECORDED),
                TempDatabase.CLOCK.instant());
    }

    private String state(Memory m) {
        return TempDatabase.column(db, "SELECT embedding_state FROM memories WHERE id = " + m.id().value()).getFirst();
    }

    @Test
    void the_backlog_counts_pending_and_failed_rows_and_dates_the_oldest_pending_by_its_last_write() {
        assertThat(states.backlog()).isEqualTo(EmbeddingBacklog.NONE);
        java.time.Instant t0 = TempDatabase.CLOCK.instant();
        Memory oldest = memories.insert(new NewMemory(T, Category.OBSERVATION, "written first", Metadata.EMPTY,
                Source.AGENT_RECORDED), t0);
        Memory newer = memories.insert(new NewMemory(T, Category.OBSERVATION, "written later", Metadata.EMPTY,
                Source.AGENT_RECORDED), t0.plusSeconds(60));
        Memory failed = write("the model failed on this one");
        Memory embedded = write("already embedded");
        states.mark(T, failed.id(), EmbeddingState.FAILED);
        states.mark(T, embedded.id(), EmbeddingState.EMBEDDED);

        EmbeddingBacklog backlog = states.backlog();

        assertThat(backlog.pending()).isEqualTo(2);
        assertThat(backlog.failed()).isEqualTo(1);
        assertThat(backlog.oldestPendingSince()).contains(t0);
        assertThat(backlog.oldestPendingAge(t0.plusSeconds(90))).isEqualTo(java.time.Duration.ofSeconds(90));
        states.mark(T, oldest.id(), EmbeddingState.EMBEDDED);
        assertThat(states.backlog().oldestPendingSince()).contains(t0.plusSeconds(60));
        memories.softDelete(T, newer.id(), t0.plusSeconds(61));
        assertThat(states.backlog()).as("deleted rows wait for nothing")
                .isEqualTo(new EmbeddingBacklog(0, 1, Optional.empty()));
    }

    @Test
    void aWrittenRowIsPendingUntilMarked() {
        Memory m = write("a new memory");
        assertThat(state(m)).isEqualTo("pending");
        assertThat(states.inStates(RETRYABLE, 0, 10)).containsExactly(new PendingEmbedding(T, m.id(), "a new memory"));

        states.mark(T, m.id(), EmbeddingState.EMBEDDED);

        assertThat(state(m)).isEqualTo("embedded");
        assertThat(states.countInStates(RETRYABLE)).isZero();
    }

    @Test
    void aContentChangeMakesTheRowPendingAgain() {
        Memory m = write("before");
        states.mark(T, m.id(), EmbeddingState.EMBEDDED);

        memories.update(T, m.id(), new MemoryChange(Optional.of("after"), Optional.empty()),
                TempDatabase.CLOCK.instant());

        assertThat(state(m)).isEqualTo("pending");
    }

    @Test
    void failedRowsArePagedByIdAndDeletedOnesAreLeftOut() {
        Memory one = write("one");
        Memory two = write("two");
        Memory gone = write("gone");
        states.mark(T, one.id(), EmbeddingState.FAILED);
        memories.softDelete(T, gone.id(), TempDatabase.CLOCK.instant());

        assertThat(states.inStates(RETRYABLE, 0, 1)).extracting(PendingEmbedding::memory).containsExactly(one.id());
        assertThat(states.inStates(RETRYABLE, one.id().value(), 10)).extracting(PendingEmbedding::memory)
                .containsExactly(two.id());
        assertThat(states.countInStates(RETRYABLE)).isEqualTo(2);
    }

    @Test
    void resetAllPutsEveryRowBackToPending() {
        Memory m = write("one");
        states.mark(T, m.id(), EmbeddingState.SKIPPED);

        assertThat(states.resetAll()).isEqualTo(1);
        assertThat(state(m)).isEqualTo("pending");
    }

    @Test
    void theCacheKeepsVectorsPerHashAndModel() {
        Embedding v = new Embedding(new float[] {0.5f, -1.25f, 3f});
        states.cache("h1", "model-a", v);
        states.cache("h1", "model-a", new Embedding(new float[] {9f, 9f, 9f}));

        assertThat(states.cached("h1", "model-a")).contains(v);
        assertThat(states.cached("h1", "model-b")).isEmpty();
    }
}
