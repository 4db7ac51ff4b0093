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
    void freshWritesAreTakenBeforeTheBacklogAndTheBacklogFillsTheRestOfABatch() throws InterruptedException {
        EmbeddingQueue queue = new EmbeddingQueue(10);
        queue.offerBacklog(row(1));
        queue.offerBacklog(row(2));
        queue.offerFresh(row(9));

        assertThat(ids(queue.nextBatch(2, 0))).containsExactly(9L, 1L);
        assertThat(ids(queue.nextBatch(2, 0))).containsExactly(2L);
        assertThat(queue.nextBatch(2, 0)).isEmpty();
    }

    @Test
    void theBacklogNeverTakesAMemoryThatIsQueuedOrBeingEmbedded() throws InterruptedException {
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
    void aMemoryWrittenTwiceIsQueuedTwiceBecauseTheSecondWriteCarriesNewContent() throws InterruptedException {
        EmbeddingQueue queue = new EmbeddingQueue(10);
        assertThat(queue.offerFresh(row(1))).isTrue();
        assertThat(queue.offerFresh(row(1))).isTrue();

        List<PendingEmbedding> first = queue.nextBatch(1, 0);
        queue.done(first);
        assertThat(queue.offerBacklog(row(1))).as("the second copy still waits").isEqualTo(Offer.ALREADY_WAITING);
    }

    @Test
    void theBacklogHoldsHalfTheFreshCapacityAndAFullQueueRefusesWithoutBlocking() {
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
    void clearingForgetsTheRowsSoTheNextCatchUpCanQueueThem() {
        EmbeddingQueue queue = new EmbeddingQueue(4);
        queue.offerFresh(row(1));
        queue.clear();

        assertThat(queue.size()).isZero();
        assertThat(queue.offerBacklog(row(1))).isEqualTo(Offer.QUEUED);
    }
}
