package dev.strata.adapters.llm.chat;

import dev.strata.domain.MutableClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.error.UnavailableException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CircuitBreakerTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-14T12:00:00Z"));
    private static final Duration OPEN_FOR = Duration.ofSeconds(30);
    private final CircuitBreaker breaker = new CircuitBreaker("test", 3, OPEN_FOR, clock);

    private void failOnce() {
        breaker.acquire();
        breaker.onFailure();
    }

    @Test
    void opens_after_the_threshold_of_consecutive_failures() {
        failOnce();
        failOnce();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);

        failOnce();

        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);
        assertThatThrownBy(breaker::acquire).isInstanceOf(UnavailableException.class).hasMessageContaining("open");
    }

    @Test
    void an_open_circuit_tells_when_its_trial_call_will_be_let_through() {
        failOnce();
        failOnce();
        failOnce();
        clock.advance(Duration.ofSeconds(12));

        assertThatThrownBy(breaker::acquire).isInstanceOfSatisfying(UnavailableException.class, e ->
                assertThat(e.retryAfter()).contains(OPEN_FOR.minusSeconds(12)));
    }

    @Test
    void a_success_resets_the_count() {
        failOnce();
        failOnce();
        breaker.acquire();
        breaker.onSuccess();
        failOnce();
        failOnce();

        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void after_the_open_period_one_trial_call_is_let_through() {
        failOnce();
        failOnce();
        failOnce();
        clock.advance(Duration.ofSeconds(30));

        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.HALF_OPEN);
        breaker.acquire();
        assertThatThrownBy(breaker::acquire).isInstanceOf(UnavailableException.class).hasMessageContaining("trial");

        breaker.onSuccess();

        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
        assertThatCode(breaker::acquire).doesNotThrowAnyException();
    }

    @Test
    void a_failed_trial_opens_the_circuit_again() {
        failOnce();
        failOnce();
        failOnce();
        clock.advance(Duration.ofSeconds(31));

        failOnce();

        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);
        clock.advance(Duration.ofSeconds(29));
        assertThatThrownBy(breaker::acquire).isInstanceOf(UnavailableException.class);
        clock.advance(Duration.ofSeconds(1));
        assertThatCode(breaker::acquire).doesNotThrowAnyException();
    }

    @Test
    void a_released_trial_lets_the_next_call_try() {
        failOnce();
        failOnce();
        failOnce();
        clock.advance(Duration.ofSeconds(30));
        breaker.acquire();

        breaker.release();

        assertThatCode(breaker::acquire).doesNotThrowAnyException();
    }
}
