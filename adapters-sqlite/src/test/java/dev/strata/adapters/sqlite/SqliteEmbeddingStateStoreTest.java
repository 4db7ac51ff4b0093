package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.retrieval.EmbeddingBacklog;
import dev.strata.domain.retrieval.EmbeddingState;
import dev.strata.domain.retrieval.EmbeddingStateStore;
import dev.strata.domain.retrieval.EmbeddingStateStoreContract;
import dev.strata.domain.retrieval.PendingEmbedding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The embedding state contract on a real SQLite file, over the rows the memory store writes, and the column itself. */
class SqliteEmbeddingStateStoreTest extends EmbeddingStateStoreContract {

    private static final Tenant T = Tenant.of("t");
    private static final List<EmbeddingState> RETRYABLE = List.of(EmbeddingState.PENDING, EmbeddingState.FAILED);

    @TempDir
    Path dir;
    private SqliteDatabase db;
    private SqliteMemoryStore memories;
    private SqliteEmbeddingStateStore states;

    @Override
    protected EmbeddingStateStore createStore() {
        db = TempDatabase.open(dir);
        memories = new SqliteMemoryStore(db);
        states = new SqliteEmbeddingStateStore(db);
        return states;
    }

    @Override
    protected MemoryId writeMemory(Tenant tenant, String content) {
        return memories.insert(new NewMemory(tenant, Category.OBSERVATION, content, Metadata.EMPTY,
                Source.AGENT_RECORDED), TempDatabase.CLOCK.instant()).id();
    }

    @Override
    protected void deleteMemory(Tenant tenant, MemoryId memory) {
        memories.softDelete(tenant, memory, TempDatabase.CLOCK.instant());
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
    void a_written_row_is_pending_until_marked() {
        Memory m = write("a new memory");
        assertThat(state(m)).isEqualTo("pending");
        assertThat(states.inStates(RETRYABLE, 0, 10)).containsExactly(new PendingEmbedding(T, m.id(), "a new memory"));

        states.mark(T, m.id(), EmbeddingState.EMBEDDED);

        assertThat(state(m)).isEqualTo("embedded");
        assertThat(states.countInStates(RETRYABLE)).isZero();
    }

    @Test
    void a_content_change_makes_the_row_pending_again() {
        Memory m = write("before");
        states.mark(T, m.id(), EmbeddingState.EMBEDDED);

        memories.update(T, m.id(), new MemoryChange(Optional.of("after"), Optional.empty()),
                TempDatabase.CLOCK.instant());

        assertThat(state(m)).isEqualTo("pending");
    }
}
