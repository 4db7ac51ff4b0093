package dev.strata.domain.retrieval;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EmbeddingBacklogTest {

    private static final Instant NOW = Instant.parse("2026-03-01T09:00:00Z");

    @Test
    void the_age_is_how_long_the_oldest_pending_row_has_waited_and_zero_when_none_waits() {
        assertThat(new EmbeddingBacklog(3, 0, Optional.of(NOW.minusSeconds(42))).oldestPendingAge(NOW))
                .isEqualTo(Duration.ofSeconds(42));
        assertThat(EmbeddingBacklog.NONE.oldestPendingAge(NOW)).isZero();
        assertThat(new EmbeddingBacklog(1, 0, Optional.of(NOW.plusSeconds(5))).oldestPendingAge(NOW))
                .as("a clock that went back never makes a negative age").isZero();
    }

    @Test
    void negative_counts_are_refused() {
        assertThatThrownBy(() -> new EmbeddingBacklog(-1, 0, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> new EmbeddingBacklog(0, -1, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
