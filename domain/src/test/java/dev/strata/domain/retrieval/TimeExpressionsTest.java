package dev.strata.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import dev.strata.domain.retrieval.TimeWindow.Kind;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class TimeExpressionsTest {

    /** Wednesday 14 June 2023, noon UTC: early in a summer, mid-week, mid-month. */
    private static final Instant REFERENCE = Instant.parse("2023-06-14T12:00:00Z");

    private final TimeExpressions english = TimeExpressions.english();

    static Stream<Arguments> expressions() {
        return Stream.of(
                row("What did we do yesterday?", "2023-06-13", "2023-06-14", Kind.RELATIVE, "yesterday"),
                row("what happened last night", "2023-06-13", "2023-06-14", Kind.RELATIVE, "last night"),
                row("the day before yesterday", "2023-06-12", "2023-06-13", Kind.RELATIVE, "the day before yesterday"),
                row("anything new today?", "2023-06-14", "2023-06-15", Kind.RELATIVE, "today"),
                row("plans for tomorrow", "2023-06-15", "2023-06-16", Kind.RELATIVE, "tomorrow"),
                row("what did I buy 3 days ago", "2023-06-11", "2023-06-12", Kind.RELATIVE, "3 days ago"),
                row("what did I buy three days ago", "2023-06-11", "2023-06-12", Kind.RELATIVE, "three days ago"),
                row("a couple of days ago", "2023-06-12", "2023-06-13", Kind.RELATIVE, "a couple of days ago"),
                row("two weeks ago", "2023-05-28", "2023-06-04", Kind.RELATIVE, "two weeks ago"),
                row("a month ago", "2023-04-29", "2023-05-30", Kind.RELATIVE, "a month ago"),
                row("a few days ago", "2023-06-08", "2023-06-14", Kind.VAGUE, "a few days ago"),
                row("What did Anna say last week?", "2023-06-05", "2023-06-12", Kind.RELATIVE, "last week"),
                row("this week", "2023-06-12", "2023-06-19", Kind.RELATIVE, "this week"),
                row("next week", "2023-06-19", "2023-06-26", Kind.RELATIVE, "next week"),
                row("the week before last", "2023-05-29", "2023-06-05", Kind.RELATIVE, "the week before last"),
                row("last weekend", "2023-06-10", "2023-06-12", Kind.RELATIVE, "last weekend"),
                row("last month", "2023-05-01", "2023-06-01", Kind.RELATIVE, "last month"),
                row("What is planned for next month?", "2023-07-01", "2023-08-01", Kind.RELATIVE, "next month"),
                row("last year", "2022-01-01", "2023-01-01", Kind.RELATIVE, "last year"),
                row("What did Caroline paint in 2023?", "2023-01-01", "2024-01-01", Kind.ABSOLUTE, "in 2023"),
                row("on 8 May 2023", "2023-05-08", "2023-05-09", Kind.ABSOLUTE, "8 May 2023"),
                row("on May 8, 2023", "2023-05-08", "2023-05-09", Kind.ABSOLUTE, "May 8, 2023"),
                row("on the 8th of May, 2023", "2023-05-08", "2023-05-09", Kind.ABSOLUTE, "the 8th of May, 2023"),
                row("on Sept. 3rd 2022", "2022-09-03", "2022-09-04", Kind.ABSOLUTE, "Sept. 3rd 2022"),
                row("logged 2023-05-08", "2023-05-08", "2023-05-09", Kind.ABSOLUTE, "2023-05-08"),
                row("on 8 May", "2023-05-08", "2023-05-09", Kind.RELATIVE, "8 May"),
                row("on May 8", "2023-05-08", "2023-05-09", Kind.RELATIVE, "May 8"),
                row("on 20 June", "2022-06-20", "2022-06-21", Kind.RELATIVE, "20 June"),
                row("What did Melanie do last May?", "2023-05-01", "2023-06-01", Kind.RELATIVE, "last May"),
                row("last June", "2022-06-01", "2022-07-01", Kind.RELATIVE, "last June"),
                row("next May", "2024-05-01", "2024-06-01", Kind.RELATIVE, "next May"),
                row("what did we decide this May?", "2023-05-01", "2023-06-01", Kind.RELATIVE, "this May"),
                row("in May", "2023-05-01", "2023-06-01", Kind.RELATIVE, "in May"),
                row("in July", "2022-07-01", "2022-08-01", Kind.RELATIVE, "in July"),
                row("in May 2022", "2022-05-01", "2022-06-01", Kind.ABSOLUTE, "May 2022"),
                row("early May 2023", "2023-05-01", "2023-05-11", Kind.ABSOLUTE, "early May 2023"),
                row("late May", "2023-05-21", "2023-06-01", Kind.RELATIVE, "late May"),
                row("last Friday", "2023-06-09", "2023-06-10", Kind.RELATIVE, "last Friday"),
                row("what did I eat on Monday", "2023-06-12", "2023-06-13", Kind.RELATIVE, "on Monday"),
                row("last summer", "2022-06-01", "2022-09-01", Kind.RELATIVE, "last summer"),
                row("in the summer of 2021", "2021-06-01", "2021-09-01", Kind.ABSOLUTE, "in the summer of 2021"),
                row("back in the 90s", "1990-01-01", "2000-01-01", Kind.ABSOLUTE, "in the 90s"),
                row("in the 1990s", "1990-01-01", "2000-01-01", Kind.ABSOLUTE, "in the 1990s"),
                row("in the last 3 days", "2023-06-11", "2023-06-15", Kind.RELATIVE, "in the last 3 days"),
                row("over the past week", "2023-06-07", "2023-06-15", Kind.RELATIVE, "over the past week"),
                row("what has she been up to recently", "2023-05-15", "2023-06-15", Kind.VAGUE, "recently"),
                row("since 2021", "2021-01-01", "2023-06-15", Kind.ABSOLUTE, "since 2021"),
                row("two weeks before 8 May 2023", "2023-04-24", "2023-04-25", Kind.ABSOLUTE,
                        "two weeks before 8 May 2023"),
                row("3 days after yesterday", "2023-06-16", "2023-06-17", Kind.RELATIVE, "3 days after yesterday"));
    }

    private static Arguments row(String text, String from, String until, Kind kind, String expression) {
        return Arguments.of(text, LocalDate.parse(from), LocalDate.parse(until), kind, expression);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("expressions")
    void each_expression_of_the_table_reads_as_its_window(String text, LocalDate from, LocalDate until, Kind kind,
                                                          String expression) {
        List<TimeWindow> windows = english.parse(text, REFERENCE);

        assertThat(windows).hasSize(1);
        TimeWindow w = windows.get(0);
        assertThat(w.start()).isEqualTo(from.atStartOfDay(ZoneOffset.UTC).toInstant());
        assertThat(w.end()).isEqualTo(until.atStartOfDay(ZoneOffset.UTC).toInstant());
        assertThat(w.kind()).isEqualTo(kind);
        assertThat(w.expression()).isEqualTo(expression);
        assertThat(w.confidence()).isBetween(0.01, 1.0);
    }

    static Stream<String> nothingToRead() {
        return Stream.of(
                "What did we pack two weeks before the trip?",
                "This may be wrong",
                "this may be wrong",
                "What is the capital of France?",
                "logged 2023-13-45",
                "I have 2023 reasons",
                "the weeks went by",
                "a few years of experience",
                "");
    }

    @ParameterizedTest(name = "\"{0}\"")
    @MethodSource("nothingToRead")
    void text_without_a_resolvable_time_yields_no_window(String text) {
        assertThat(english.parse(text, REFERENCE)).isEmpty();
    }

    @Test
    void a_stated_date_is_surer_than_a_guessed_month_and_both_than_recently() {
        double stated = english.parse("on 8 May 2023", REFERENCE).get(0).confidence();
        double guessed = english.parse("in May", REFERENCE).get(0).confidence();
        double vague = english.parse("recently", REFERENCE).get(0).confidence();

        assertThat(stated).isEqualTo(1.0);
        assertThat(guessed).isLessThan(stated);
        assertThat(vague).isLessThan(guessed);
    }

    @Test
    void several_expressions_give_several_windows_in_text_order() {
        List<TimeWindow> windows = english.parse("between last May and yesterday", REFERENCE);

        assertThat(windows).extracting(TimeWindow::expression).containsExactly("last May", "yesterday");
    }

    @Test
    void the_longest_reading_wins_over_the_shorter_one_inside_it() {
        assertThat(english.parse("on May 8", REFERENCE)).extracting(TimeWindow::expression).containsExactly("May 8");
        assertThat(english.parse("in May 2022", REFERENCE)).extracting(TimeWindow::expression)
                .containsExactly("May 2022");
    }

    @Test
    void days_are_counted_in_the_given_zone() {
        // 23:30 UTC on the 14th is already the 15th at UTC+2: "yesterday" there is the 14th, local midnight to midnight.
        Instant lateEvening = Instant.parse("2023-06-14T23:30:00Z");

        TimeWindow w = english.parse("yesterday", lateEvening, ZoneOffset.ofHours(2)).get(0);

        assertThat(w.start()).isEqualTo(Instant.parse("2023-06-13T22:00:00Z"));
        assertThat(w.end()).isEqualTo(Instant.parse("2023-06-14T22:00:00Z"));
    }

    @Test
    void the_same_question_means_another_window_at_another_reference() {
        Instant later = Instant.parse("2024-01-10T09:00:00Z");

        TimeWindow w = english.parse("last May", later).get(0);

        assertThat(w.start()).isEqualTo(Instant.parse("2023-05-01T00:00:00Z"));
        assertThat(english.parse("last year", later).get(0).start()).isEqualTo(Instant.parse("2023-01-01T00:00:00Z"));
    }

    @Test
    void a_table_can_be_extended_with_a_rule_of_its_own() {
        TimeExpressions.Rule fortnight = new TimeExpressions.Rule("fortnight ago",
                Pattern.compile("\\ba\\s+fortnight\\s+ago\\b", Pattern.CASE_INSENSITIVE),
                (m, today) -> Optional.of(new TimeExpressions.Span(today.minusDays(17), today.minusDays(10),
                        Kind.RELATIVE, 0.8)));

        assertThat(english.parse("a fortnight ago", REFERENCE)).isEmpty();
        List<TimeWindow> windows = english.with(fortnight).parse("a fortnight ago", REFERENCE);

        assertThat(windows).singleElement().satisfies(w ->
                assertThat(w.start()).isEqualTo(Instant.parse("2023-05-28T00:00:00Z")));
    }

    @Test
    void membership_is_full_inside_fades_over_half_the_length_outside_and_is_zero_beyond() {
        TimeWindow may = english.parse("in May 2023", REFERENCE).get(0);
        Instant end = may.end();

        assertThat(may.membership(Instant.parse("2023-05-17T08:00:00Z"))).isEqualTo(1.0);
        assertThat(may.membership(end.plus(may.length().dividedBy(4)))).isCloseTo(0.5, within(1e-9));
        assertThat(may.membership(end.plus(may.length()))).isZero();
        assertThat(may.membership(may.start().minus(Duration.ofDays(40)))).isZero();
    }

    @Test
    void a_one_day_window_still_reaches_a_little_into_its_neighbour_days() {
        TimeWindow day = english.parse("yesterday", REFERENCE).get(0);

        assertThat(day.membership(day.end().plus(Duration.ofHours(12)))).isCloseTo(0.5, within(1e-9));
        assertThat(day.membership(day.start().minus(Duration.ofDays(2)))).isZero();
    }

    @Test
    void a_window_refuses_to_end_before_it_starts_or_to_be_surer_than_certain() {
        Instant t = REFERENCE;
        assertThatIllegalArgumentException().isThrownBy(() -> new TimeWindow(t, t, Kind.ABSOLUTE, 1.0, "x"));
        assertThatIllegalArgumentException().isThrownBy(() ->
                new TimeWindow(t, t.plusSeconds(1), Kind.ABSOLUTE, 1.5, "x"));
        assertThatIllegalArgumentException().isThrownBy(() ->
                new TimeWindow(t, t.plusSeconds(1), Kind.ABSOLUTE, 0.0, "x"));
    }
}
