package dev.strata.adapters.llm.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    private final RetryPolicy policy =
            new RetryPolicy(5, Duration.ofMillis(100), Duration.ofMillis(1000), Duration.ofSeconds(60));

    @Test
    void backoff_doubles_per_retry_and_keeps_a_random_half() {
        assertThat(policy.backoff(1, 0.0)).isEqualTo(Duration.ofMillis(50));
        assertThat(policy.backoff(1, 0.999)).isEqualTo(Duration.ofMillis(99));
        assertThat(policy.backoff(2, 0.0)).isEqualTo(Duration.ofMillis(100));
        assertThat(policy.backoff(3, 0.5)).isEqualTo(Duration.ofMillis(300));
    }

    @Test
    void backoff_is_capped() {
        assertThat(policy.backoff(10, 0.999)).isLessThan(Duration.ofMillis(1000));
        assertThat(policy.backoff(60, 0.0)).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void rejects_nonsense() {
        assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, Duration.ZERO, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetryPolicy(2, Duration.ofSeconds(2), Duration.ofSeconds(1), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> policy.backoff(0, 0.5)).isInstanceOf(IllegalArgumentException.class);
    }
}
