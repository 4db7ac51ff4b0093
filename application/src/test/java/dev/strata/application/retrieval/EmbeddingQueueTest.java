package dev.strata.application.retrieval;

import dev.strata.application.retrieval.EmbeddingQueue.Offer;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.PendingEmbedding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class EmbeddingQueueTest {

    private static final Tenant T = Tenant.of("t");

    private static PendingEmbedding row(long id) {
        return new PendingEmbedding(T, MemoryId.of(id), "content of " + id);
    }

    private static List<Long> ids(List<PendingEmbedding> batch) {
        return batch.stream().map(r -> r.memory().value()).toList();
    }

    @Test
    void fresh_writes_are_taken_before_the_backlog_and_the_backlog_fills_the_rest_of_a_batch() throws InterruptedException {
        EmbeddingQueue queue = new EmbeddingQueue(10);
        queue.offerBacklog(row(1));
        queue.offerBacklog(row(2));
        queue.offerFresh(row(9));

        assertThat(ids(queue.nextBatch(2, 0))).containsExactly(9L, 1L);
        assertThat(ids(queue.nextBatch(2, 0))).containsExactly(2L);
        assertThat(queue.nextBatch(2, 0)).isEmpty();
    }

    @Test
    void the_backlog_never_takes_a_memory_that_is_queued_or_being_embedded() throws InterruptedException {
        EmbeddingQueue queue = new EmbeddingQueue(10);
        queue.offerFresh(row(1));
        assertThat(queue.offerBacklog(row(1))).isEqualTo(Offer.ALREADY_WAITING);
        assertThat(queue.offerBacklog(row(2))).isEqualTo(Offer.QUEUED);
        assertThat(queue.offerBacklog(row(2))).isEqualTo(Offer.ALREADY_WAITING);

        List<PendingEmbedding> inFlight = queue.nextBatch(10, 0);
        assertThat(queue.offerBacklog(row(1))).as("while its batch is being embedded").isEqualTo(Offer.ALREADY_WAITING);

        queue.done(inFlight);
        assertThat(queue.offerBacklog(row(1))).as("once its batch is done").isEqualTo(Offer.QUEUED);
    }

    @Test
    void a_memory_written_twice_is_queued_twice_because_the_second_write_carries_new_content() throws InterruptedException {
        EmbeddingQueue queue = new EmbeddingQueue(10);
        assertThat(queue.offerFresh(row(1))).isTrue();
        assertThat(queue.offerFresh(row(1))).isTrue();

        List<PendingEmbedding> first = queue.nextBatch(1, 0);
        queue.done(first);
        assertThat(queue.offerBacklog(row(1))).as("the second copy still waits").isEqualTo(Offer.ALREADY_WAITING);
    }

    @Test
    void the_backlog_holds_half_the_fresh_capacity_and_a_full_queue_refuses_without_blocking() {
        EmbeddingQueue queue = new EmbeddingQueue(4);
        assertThat(queue.offerBacklog(row(1))).isEqualTo(Offer.QUEUED);
        assertThat(queue.offerBacklog(row(2))).isEqualTo(Offer.QUEUED);
        assertThat(queue.offerBacklog(row(3))).isEqualTo(Offer.FULL);
        assertThat(queue.offerBacklog(row(3))).as("a refused row is not counted as waiting").isEqualTo(Offer.FULL);

        for (long id = 10; id < 14; id++) {
            assertThat(queue.offerFresh(row(id))).as("a full backlog takes no room from fresh writes").isTrue();
        }
        assertThat(queue.offerFresh(row(14))).isFalse();
        assertThat(queue.size()).isEqualTo(6);
    }

    @Test
    void clearing_forgets_the_rows_so_the_next_catch_up_can_queue_them() {
        EmbeddingQueue queue = new EmbeddingQueue(4);
        queue.offerFresh(row(1));
        queue.clear();

        assertThat(queue.size()).isZero();
        assertThat(queue.offerBacklog(row(1))).isEqualTo(Offer.QUEUED);
    }
}
