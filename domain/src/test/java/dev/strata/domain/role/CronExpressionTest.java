package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.api.Test;

import java.time.ZonedDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CronExpressionTest {

    private static ZonedDateTime at(String text) {
        return ZonedDateTime.parse(text);
    }

    @Test
    void the_specs_example_fires_daily_at_six() {
        CronExpression cron = CronExpression.parse("cronExpr", "0 6 * * *");

        assertThat(cron.matches(at("2026-03-01T06:00:00Z"))).isTrue();
        assertThat(cron.matches(at("2026-03-01T06:00:59Z"))).isTrue();
        assertThat(cron.matches(at("2026-03-01T06:01:00Z"))).isFalse();
        assertThat(cron.nextAfter(at("2026-03-01T06:00:00Z"))).contains(at("2026-03-02T06:00:00Z"));
        assertThat(cron.nextAfter(at("2026-03-01T05:59:30Z"))).contains(at("2026-03-01T06:00:00Z"));
    }

    @Test
    void lists_ranges_steps_and_names_are_understood() {
        CronExpression cron = CronExpression.parse("cronExpr", "*/15 9-17/4 * jan,MAR mon-fri");

        // 2026-03-02 is a Monday.
        assertThat(cron.matches(at("2026-03-02T09:45:00Z"))).isTrue();
        assertThat(cron.matches(at("2026-03-02T13:30:00Z"))).isTrue();
        assertThat(cron.matches(at("2026-03-02T10:00:00Z"))).isFalse();
        assertThat(cron.matches(at("2026-03-01T09:00:00Z"))).isFalse();
        assertThat(cron.matches(at("2026-02-02T09:00:00Z"))).isFalse();
        assertThat(CronExpression.parse("c", "0 0 * * 7").matches(at("2026-03-01T00:00:00Z"))).isTrue();
        assertThat(CronExpression.parse("c", "@daily").nextAfter(at("2026-03-01T00:00:00Z")))
                .contains(at("2026-03-02T00:00:00Z"));
    }

    @Test
    void two_restricted_day_fields_fire_on_either_as_unix_cron_does() {
        CronExpression cron = CronExpression.parse("c", "0 0 13 * fri");

        assertThat(cron.matches(at("2026-03-13T00:00:00Z"))).isTrue();
        assertThat(cron.matches(at("2026-03-06T00:00:00Z"))).isTrue();
        assertThat(cron.matches(at("2026-03-07T00:00:00Z"))).isFalse();
    }

    @Test
    void a_leap_day_expression_finds_the_next_leap_year() {
        assertThat(CronExpression.parse("c", "0 0 29 2 *").nextAfter(at("2026-03-01T00:00:00Z")))
                .contains(at("2028-02-29T00:00:00Z"));
    }

    @Test
    void invalid_expressions_are_refused_naming_the_field_and_the_part() {
        List<String> bad = List.of("", "0 6 * *", "0 6 * * * *", "61 * * * *", "* 24 * * *", "* * 0 * *", "* * * 13 *",
                "* * * * 8", "*/0 * * * *", "5-1 * * * *", "a * * * *", "1,,2 * * * *", "0 0 30 2 *", "@often",
                "0 6 * * * ; rm -rf /");
        for (String text : bad) {
            assertThatThrownBy(() -> CronExpression.parse("reflectionPolicy.cronExpr", text)).as(text)
                    .isInstanceOfSatisfying(InvalidInputException.class,
                            e -> assertThat(e.field()).isEqualTo("reflectionPolicy.cronExpr"));
        }
        assertThatThrownBy(() -> CronExpression.parse("f", "61 * * * *")).hasMessageContaining("minute");
        assertThatThrownBy(() -> CronExpression.parse("f", "0 0 30 2 *")).hasMessageContaining("never fires");
    }
}
