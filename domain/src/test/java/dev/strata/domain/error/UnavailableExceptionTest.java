package dev.strata.domain.error;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UnavailableExceptionTest {

    @Test
    void aRetryHintIsWholeSecondsRoundedUpAndAtLeastOne() {
        assertThat(new UnavailableException("busy", Duration.ofMillis(300)).retryAfterSeconds()).hasValue(1L);
        assertThat(new UnavailableException("busy", Duration.ofSeconds(3)).retryAfterSeconds()).hasValue(3L);
        assertThat(new UnavailableException("busy", Duration.ofMillis(2_001)).retryAfterSeconds()).hasValue(3L);
        assertThat(new UnavailableException("busy", Duration.ofSeconds(3)).retryAfter()).hasValue(Duration.ofSeconds(3));
    }

    @Test
    void withoutAHintThereIsNone() {
        assertThat(new UnavailableException("disk full").retryAfter()).isEmpty();
        assertThat(new UnavailableException("model down", new IllegalStateException()).retryAfterSeconds()).isEmpty();
    }

    @Test
    void aHintMustBePositive() {
        assertThatThrownBy(() -> new UnavailableException("busy", Duration.ZERO)).hasMessageContaining("positive");
        assertThatThrownBy(() -> new UnavailableException("busy", Duration.ofSeconds(-1)))
                .hasMessageContaining("positive");
        assertThatThrownBy(() -> new UnavailableException("busy", new IllegalStateException(), Duration.ZERO))
                .hasMessageContaining("positive");
    }

    @Test
    void aHintKeepsTheCauseItCameWith() {
        IllegalStateException cause = new IllegalStateException("the database file is locked");
        UnavailableException e = new UnavailableException("could not write the memory", cause, Duration.ofSeconds(1));

        assertThat(e.getCause()).isSameAs(cause);
        assertThat(e.retryAfterSeconds()).hasValue(1L);
    }
}
