package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SyncStateTest {

    private static final Instant LAST = Instant.parse("2026-11-22T10:00:00Z");
    private static final Duration COOLDOWN = Duration.ofMinutes(30);

    private static SyncState failing(int failures) {
        return new SyncState(Tenant.of("alice"), SyncKey.perps(SubAccountId.of("s")), Optional.empty(), LAST,
                Optional.of("down"), failures);
    }

    @Test
    void a_key_is_skipped_only_from_the_max_failures_until_the_cooldown_passed() {
        assertThat(failing(4).skipped(LAST.plusSeconds(1), 5, COOLDOWN)).isFalse();
        assertThat(failing(5).skipped(LAST.plusSeconds(1), 5, COOLDOWN)).isTrue();
        assertThat(failing(5).skipped(LAST.plus(COOLDOWN).minusMillis(1), 5, COOLDOWN)).isTrue();
        assertThat(failing(5).skipped(LAST.plus(COOLDOWN), 5, COOLDOWN)).isFalse();
        assertThat(failing(9).skipped(LAST.plus(COOLDOWN), 5, COOLDOWN)).isFalse();
    }

    @Test
    void spot_has_no_sub_account_and_perps_always_one() {
        assertThat(SyncKey.spot().subAccount().isNone()).isTrue();
        assertThatThrownBy(() -> new SyncKey(SyncSource.SPOT_ACTIVITIES, SubAccountId.of("x")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SyncKey.perps(SubAccountId.NONE)).isInstanceOf(IllegalArgumentException.class);
    }
}
