package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Optional;

import static dev.strata.domain.trading.Fills.T0;
import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link SyncStateStore} promises; run against the in-memory fake and the SQLite adapter. */
public abstract class SyncStateStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final SyncKey SUB_1 = SyncKey.perps(SubAccountId.of("sub-1"));
    protected static final SyncKey SUB_2 = SyncKey.perps(SubAccountId.of("sub-2"));

    protected SyncStateStore store;

    protected abstract SyncStateStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    @Test
    void a_success_creates_the_row_with_its_watermark_and_no_failures() {
        store.recordSuccess(ALICE, SUB_1, Optional.of(T0.plusMillis(5)), T0.plusSeconds(1));

        SyncState state = store.find(ALICE, SUB_1).orElseThrow();
        assertThat(state.watermark()).contains(T0.plusMillis(5));
        assertThat(state.lastSyncedAt()).isEqualTo(T0.plusSeconds(1));
        assertThat(state.consecutiveFailures()).isZero();
        assertThat(state.lastError()).isEmpty();
    }

    @Test
    void failures_count_up_keep_the_watermark_and_a_success_resets_them() {
        store.recordSuccess(ALICE, SUB_1, Optional.of(T0), T0);
        store.recordFailure(ALICE, SUB_1, "HTTP 502", T0.plusSeconds(60));
        store.recordFailure(ALICE, SUB_1, "timed out", T0.plusSeconds(120));

        SyncState failing = store.find(ALICE, SUB_1).orElseThrow();
        assertThat(failing.consecutiveFailures()).isEqualTo(2);
        assertThat(failing.lastError()).contains("timed out");
        assertThat(failing.watermark()).contains(T0);
        assertThat(failing.lastSyncedAt()).isEqualTo(T0.plusSeconds(120));

        store.recordSuccess(ALICE, SUB_1, Optional.empty(), T0.plusSeconds(180));
        SyncState healed = store.find(ALICE, SUB_1).orElseThrow();
        assertThat(healed.consecutiveFailures()).isZero();
        assertThat(healed.lastError()).isEmpty();
        assertThat(healed.watermark()).contains(T0);
    }

    @Test
    void a_first_failure_creates_the_row_without_a_watermark() {
        store.recordFailure(ALICE, SyncKey.spot(), "refused", T0);

        SyncState state = store.find(ALICE, SyncKey.spot()).orElseThrow();
        assertThat(state.consecutiveFailures()).isEqualTo(1);
        assertThat(state.watermark()).isEmpty();
    }

    @Test
    void the_watermark_never_moves_backwards() {
        store.recordSuccess(ALICE, SUB_1, Optional.of(T0.plusSeconds(100)), T0);
        store.recordSuccess(ALICE, SUB_1, Optional.of(T0.plusSeconds(50)), T0.plusSeconds(1));

        assertThat(store.find(ALICE, SUB_1).orElseThrow().watermark()).contains(T0.plusSeconds(100));
    }

    @Test
    void one_key_failing_never_touches_a_sibling_or_another_tenant() {
        store.recordSuccess(ALICE, SUB_2, Optional.of(T0), T0);
        store.recordSuccess(BOB, SUB_1, Optional.of(T0), T0);
        for (int i = 0; i < 5; i++) {
            store.recordFailure(ALICE, SUB_1, "down", T0.plusSeconds(i));
        }

        assertThat(store.find(ALICE, SUB_2).orElseThrow().consecutiveFailures()).isZero();
        assertThat(store.find(BOB, SUB_1).orElseThrow().consecutiveFailures()).isZero();
        assertThat(store.find(ALICE, SUB_1).orElseThrow().consecutiveFailures()).isEqualTo(5);
        assertThat(store.list(ALICE)).extracting(SyncState::key).containsExactly(SUB_1, SUB_2);
        assertThat(store.list(Tenant.of("carol"))).isEmpty();
        assertThat(store.tenants()).containsExactly(ALICE, BOB);
    }

    @Test
    void list_orders_by_source_then_sub_account() {
        Instant at = T0;
        store.recordSuccess(ALICE, SyncKey.spot(), Optional.empty(), at);
        store.recordSuccess(ALICE, SUB_2, Optional.empty(), at);
        store.recordSuccess(ALICE, SUB_1, Optional.empty(), at);

        assertThat(store.list(ALICE)).extracting(SyncState::key).containsExactly(SUB_1, SUB_2, SyncKey.spot());
    }
}
