package dev.strata.application.idempotency;

import dev.strata.domain.MutableClock;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.idempotency.IdempotencyKey;
import dev.strata.domain.idempotency.IdempotencyRecord;
import dev.strata.domain.idempotency.InMemoryIdempotencyStore;
import dev.strata.domain.idempotency.StoredAnswer;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IdempotencyServiceTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final IdempotencyKey KEY = new IdempotencyKey("k-1");
    private static final StoredAnswer CREATED = new StoredAnswer(201, "application/json", Optional.of("/v1/x/1"),
            "{\"id\":1}");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T12:00:00Z"));
    private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore();
    private final IdempotencyService service = new IdempotencyService(store, clock);
    private final AtomicInteger writes = new AtomicInteger();

    /** A use case that commits one write and answers {@code answer}. */
    private Supplier<StoredAnswer> writing(StoredAnswer answer) {
        return () -> {
            writes.incrementAndGet();
            store.committed();
            return answer;
        };
    }

    /** A use case that refuses the request before writing anything. */
    private Supplier<StoredAnswer> refusing(StoredAnswer answer) {
        return () -> answer;
    }

    @Test
    void a_retry_with_the_same_request_gets_the_first_answer_without_writing_again() {
        var first = service.execute(ALICE, KEY, "fp", writing(CREATED));
        var retry = service.execute(ALICE, KEY, "fp", writing(new StoredAnswer(201, "application/json",
                Optional.empty(), "{\"id\":2}")));

        assertThat(first.replayed()).isFalse();
        assertThat(retry.replayed()).isTrue();
        assertThat(retry.answer()).isEqualTo(CREATED);
        assertThat(writes).hasValue(1);
    }

    @Test
    void the_same_key_with_another_request_is_a_conflict_naming_the_header() {
        service.execute(ALICE, KEY, "fp", writing(CREATED));

        assertThatThrownBy(() -> service.execute(ALICE, KEY, "another body", writing(CREATED)))
                .isInstanceOfSatisfying(ConflictException.class, e -> {
                    assertThat(e.details()).containsEntry("reason", "key_reused")
                            .containsEntry("field", "Idempotency-Key");
                    assertThat(e.getMessage()).contains("another request");
                });
        assertThat(writes).hasValue(1);
    }

    @Test
    void another_tenant_may_use_the_same_key_for_its_own_request() {
        service.execute(ALICE, KEY, "fp", writing(CREATED));

        var bob = service.execute(Tenant.of("bob"), KEY, "other", writing(CREATED));

        assertThat(bob.replayed()).isFalse();
        assertThat(writes).hasValue(2);
    }

    @Test
    void after_24_hours_the_key_is_new_again() {
        service.execute(ALICE, KEY, "fp", writing(CREATED));
        clock.advance(Duration.ofHours(24).plusSeconds(1));

        var later = service.execute(ALICE, KEY, "fp", writing(CREATED));

        assertThat(later.replayed()).isFalse();
        assertThat(writes).hasValue(2);
    }

    @Test
    void a_refused_request_frees_the_key_for_a_retry_and_for_a_corrected_body() {
        StoredAnswer badRequest = new StoredAnswer(400, "application/problem+json", Optional.empty(), "{}");
        service.execute(ALICE, KEY, "fp-bad", refusing(badRequest));

        var corrected = service.execute(ALICE, KEY, "fp-good", writing(CREATED));

        assertThat(corrected.replayed()).isFalse();
        assertThat(corrected.answer()).isEqualTo(CREATED);
        assertThat(writes).hasValue(1);
    }

    @Test
    void a_write_that_failed_before_committing_frees_the_key_so_the_retry_writes() {
        assertThatThrownBy(() -> service.execute(ALICE, KEY, "fp", () -> {
            throw new UnavailableException("could not write the memory: database is locked");
        })).isInstanceOf(UnavailableException.class);

        var retry = service.execute(ALICE, KEY, "fp", writing(CREATED));

        assertThat(retry.replayed()).isFalse();
        assertThat(writes).hasValue(1);
        assertThat(store.find(ALICE, KEY).orElseThrow().answer()).contains(CREATED);
    }

    @Test
    void an_error_answer_after_something_was_written_is_kept_as_the_answer() {
        StoredAnswer failed = new StoredAnswer(503, "application/problem+json", Optional.empty(), "{\"status\":503}");

        // One transaction committed, then a later step of the same request failed.
        service.execute(ALICE, KEY, "fp", writing(failed));
        var retry = service.execute(ALICE, KEY, "fp", writing(CREATED));

        assertThat(retry.replayed()).isTrue();
        assertThat(retry.answer()).isEqualTo(failed);
        assertThat(writes).hasValue(1);
    }

    @Test
    void a_request_applied_before_a_crash_without_its_answer_is_not_written_twice() {
        store.claim(ALICE, KEY, "fp", clock.instant(), clock.instant().minus(Duration.ofHours(24)));
        store.markingWrites(ALICE, KEY, () -> {
            store.committed();   // committed, then the server stopped before keeping the answer
            return null;
        });
        IdempotencyService restarted = new IdempotencyService(store, clock);

        assertThatThrownBy(() -> restarted.execute(ALICE, KEY, "fp", writing(CREATED)))
                .isInstanceOfSatisfying(ConflictException.class,
                        e -> assertThat(e.details()).containsEntry("reason", "answer_lost"));
        assertThat(writes).hasValue(0);
    }

    @Test
    void a_claim_left_pending_by_a_crash_runs_the_retry() {
        store.claim(ALICE, KEY, "fp", clock.instant(), clock.instant().minus(Duration.ofHours(24)));
        IdempotencyService restarted = new IdempotencyService(store, clock);

        var retry = restarted.execute(ALICE, KEY, "fp", writing(CREATED));

        assertThat(retry.replayed()).isFalse();
        assertThat(writes).hasValue(1);
        assertThat(store.find(ALICE, KEY)).map(IdempotencyRecord::state).contains(IdempotencyRecord.State.ANSWERED);
    }

    @Test
    void a_second_request_while_the_first_is_served_is_a_conflict_and_writes_nothing() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<IdempotencyService.Outcome> first = pool.submit(() -> service.execute(ALICE, KEY, "fp", () -> {
                inside.countDown();
                await(release);
                writes.incrementAndGet();
                return CREATED;
            }));
            assertThat(inside.await(5, TimeUnit.SECONDS)).isTrue();

            assertThatThrownBy(() -> service.execute(ALICE, KEY, "fp", writing(CREATED)))
                    .isInstanceOfSatisfying(ConflictException.class,
                            e -> assertThat(e.details()).containsEntry("reason", "in_flight"));
            release.countDown();
            assertThat(first.get(5, TimeUnit.SECONDS).answer()).isEqualTo(CREATED);
        } finally {
            pool.shutdownNow();
        }
        assertThat(writes).hasValue(1);
        assertThat(service.execute(ALICE, KEY, "fp", writing(CREATED)).replayed()).isTrue();
    }

    @Test
    void the_purge_forgets_keys_older_than_a_day() {
        service.execute(ALICE, KEY, "fp", writing(CREATED));
        clock.advance(Duration.ofHours(25));

        assertThat(service.purgeExpired()).isEqualTo(1);
        assertThat(store.find(ALICE, KEY)).isEmpty();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
