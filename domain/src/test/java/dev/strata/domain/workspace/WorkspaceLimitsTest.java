package dev.strata.domain.workspace;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceLimitsTest {

    @Test
    void defaults_are_openclaws() {
        WorkspaceLimits limits = WorkspaceLimits.defaults();

        assertThat(limits.maxFileChars()).isEqualTo(20_000);
        assertThat(limits.maxTotalChars()).isEqualTo(150_000);
        assertThat(limits.maxFileBytes()).isEqualTo(2 * 1024 * 1024);
        assertThat(limits.dailyNoteDays()).isEqualTo(3);
    }

    @Test
    void inconsistent_limits_are_refused_naming_the_field() {
        assertThatThrownBy(() -> new WorkspaceLimits(100, 150_000, 2_000_000, 3))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("maxFileChars"));
        assertThatThrownBy(() -> new WorkspaceLimits(20_000, 10_000, 2_000_000, 3))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("maxTotalChars"));
        assertThatThrownBy(() -> new WorkspaceLimits(20_000, 150_000, 40_000, 3))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("maxFileBytes"));
        assertThatThrownBy(() -> new WorkspaceLimits(20_000, 150_000, 2_000_000, -1))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("dailyNoteDays"));
    }
}
