package dev.strata.bootstrap.area;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class JobTest {

    @Test
    void a_job_every_period_first_runs_one_period_after_start() {
        Job job = Job.every(Duration.ofMinutes(30), "purge", () -> { });

        assertThat(job.firstDelay()).isEqualTo(Duration.ofMinutes(30));
        assertThat(job.period()).isEqualTo(Duration.ofMinutes(30));
        assertThat(job.what()).isEqualTo("purge");
    }

    @Test
    void a_job_needs_a_positive_period_and_no_negative_delay() {
        assertThatIllegalArgumentException().isThrownBy(() -> Job.every(Duration.ZERO, "spin", () -> { }))
                .withMessageContaining("spin").withMessageContaining("period");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Job("early", Duration.ofSeconds(-1), Duration.ofSeconds(1), () -> { }))
                .withMessageContaining("early").withMessageContaining("first delay");
    }
}
