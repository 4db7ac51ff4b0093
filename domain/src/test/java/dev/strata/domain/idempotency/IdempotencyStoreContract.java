package dev.strata.domain.idempotency;

import dev.strata.domain.idempotency.IdempotencyRecord.State;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link IdempotencyStore} promises, on the fake and on SQLite alike. */
public abstract class IdempotencyStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final IdempotencyKey KEY = new IdempotencyKey("3f2b8c1e-0a4d-4c6e-9b7a-2d1e5f6a7b8c");
    protected static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");
    private static final Instant LONG_AGO = T0.minus(Duration.ofHours(24));
    protected static final StoredAnswer CREATED = new StoredAnswer(201, "application/json",
            Optional.of("/v1/memory/7"), "{\"id\":7,\"content\":\"caf\u00e9 \ud83d\ude00\"}");

    protected IdempotencyStore store;

    protected abstract IdempotencyStore createStore();

    /** Commits some unrelated write on this thread, as a use case inside {@link IdempotencyStore#markingWrites} does. */
    protected abstract void commitAWrite();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    @Test
    void a_first_claim_is_granted_and_leaves_a_pending_record() {
        assertThat(store.claim(ALICE, KEY, "fp-1", T0, LONG_AGO)).isEmpty();

        IdempotencyRecord record = store.find(ALICE, KEY).orElseThrow();
        assertThat(record.state()).isEqualTo(State.PENDING);
        assertThat(record.fingerprint()).isEqualTo("fp-1");
        assertThat(record.claimedAt()).isEqualTo(T0);
    }

    @Test
    void a_second_claim_returns_the_first_record_unchanged() {
        store.claim(ALICE, KEY, "fp-1", T0, LONG_AGO);

        Optional<IdempotencyRecord> second = store.claim(ALICE, KEY, "fp-2", T0.plusSeconds(5), LONG_AGO);

        assertThat(second).map(IdempotencyRecord::fingerprint).contains("fp-1");
        assertThat(store.find(ALICE, KEY).orElseThrow().fingerprint()).isEqualTo("fp-1");
    }

    @Test
    void keys_are_scoped_per_tenant() {
        store.claim(ALICE, KEY, "fp-alice", T0, LONG_AGO);

        assertThat(store.claim(BOB, KEY, "fp-bob", T0, LONG_AGO)).isEmpty();
        assertThat(store.find(BOB, KEY).orElseThrow().fingerprint()).isEqualTo("fp-bob");
        assertThat(store.find(ALICE, KEY).orElseThrow().fingerprint()).isEqualTo("fp-alice");
    }

    @Test
    void an_answer_is_kept_byte_for_byte() {
        store.claim(ALICE, KEY, "fp-1", T0, LONG_AGO);

        store.answer(ALICE, KEY, CREATED);

        IdempotencyRecord record = store.find(ALICE, KEY).orElseThrow();
        assertThat(record.state()).isEqualTo(State.ANSWERED);
        assertThat(record.answer()).contains(CREATED);
    }

    @Test
    void an_answer_without_a_location_comes_back_without_one() {
        StoredAnswer deleted = new StoredAnswer(204, "application/json", Optional.empty(), "");
        store.claim(ALICE, KEY, "fp-1", T0, LONG_AGO);

        store.answer(ALICE, KEY, deleted);

        assertThat(store.find(ALICE, KEY).orElseThrow().answer()).contains(deleted);
    }

    @Test
    void a_write_committed_inside_the_work_marks_the_claim_applied() {
        store.claim(ALICE, KEY, "fp-1", T0, LONG_AGO);

        String result = store.markingWrites(ALICE, KEY, () -> {
            commitAWrite();
            return "done";
        });

        assertThat(result).isEqualTo("done");
        assertThat(store.find(ALICE, KEY).orElseThrow().state()).isEqualTo(State.APPLIED);
    }

    @Test
    void work_that_commits_nothing_leaves_the_claim_pending() {
        store.claim(ALICE, KEY, "fp-1", T0, LONG_AGO);

        store.markingWrites(ALICE, KEY, () -> "refused");

        assertThat(store.find(ALICE, KEY).orElseThrow().state()).isEqualTo(State.PENDING);
    }

    @Test
    void a_write_committed_outside_the_work_marks_nothing() {
        store.claim(ALICE, KEY, "fp-1", T0, LONG_AGO);
        store.markingWrites(ALICE, KEY, () -> "done");

        commitAWrite();

        assertThat(store.find(ALICE, KEY).orElseThrow().state()).isEqualTo(State.PENDING);
    }

    @Test
    void a_pending_claim_is_released_but_an_applied_one_is_not() {
        store.claim(ALICE, KEY, "fp-1", T0, LONG_AGO);
        assertThat(store.releaseIfPending(ALICE, KEY)).isTrue();
        assertThat(store.find(ALICE, KEY)).isEmpty();

        store.claim(ALICE, KEY, "fp-1", T0, LONG_AGO);
        store.markingWrites(ALICE, KEY, () -> {
            commitAWrite();
            return 1;
        });
        assertThat(store.releaseIfPending(ALICE, KEY)).isFalse();
        assertThat(store.find(ALICE, KEY)).map(IdempotencyRecord::state).contains(State.APPLIED);
    }

    @Test
    void an_expired_record_is_replaced_by_a_new_claim() {
        store.claim(ALICE, KEY, "fp-old", T0, LONG_AGO);
        store.answer(ALICE, KEY, CREATED);
        Instant dayLater = T0.plus(Duration.ofHours(25));

        assertThat(store.claim(ALICE, KEY, "fp-new", dayLater, dayLater.minus(Duration.ofHours(24)))).isEmpty();

        IdempotencyRecord record = store.find(ALICE, KEY).orElseThrow();
        assertThat(record.fingerprint()).isEqualTo("fp-new");
        assertThat(record.state()).isEqualTo(State.PENDING);
        assertThat(record.answer()).isEmpty();
    }

    @Test
    void the_purge_removes_old_records_of_every_tenant_and_keeps_recent_ones() {
        store.claim(ALICE, KEY, "fp-1", T0, LONG_AGO);
        store.claim(BOB, KEY, "fp-2", T0, LONG_AGO);
        IdempotencyKey recent = new IdempotencyKey("recent");
        store.claim(ALICE, recent, "fp-3", T0.plusSeconds(3600), LONG_AGO);

        assertThat(store.purgeClaimedBefore(T0.plusSeconds(1))).isEqualTo(2);

        assertThat(store.find(ALICE, KEY)).isEmpty();
        assertThat(store.find(BOB, KEY)).isEmpty();
        assertThat(store.find(ALICE, recent)).isPresent();
    }
}
