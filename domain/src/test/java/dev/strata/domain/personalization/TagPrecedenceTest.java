package dev.strata.domain.personalization;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class TagPrecedenceTest {

    private static final UserId ANN = UserId.of("ann");
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant T1 = T0.plusSeconds(60);

    private static TagValue risk(String v) {
        return TagValue.single(TagDimension.RISK, v, "value");
    }

    private static TagValue markets(String... v) {
        return TagValue.multi(TagDimension.MARKETS, List.of(v), "value");
    }

    private static UserTag row(TagValue v, TagSource s) {
        return new UserTag(ANN, v, s, T0);
    }

    @Test
    void an_inferred_write_never_replaces_a_declared_value() {
        UserTag declared = row(risk("conservative"), TagSource.USER);

        TagPrecedence.Decision d = TagPrecedence.decide(Optional.of(declared), ANN, risk("aggressive"),
                TagSource.INFERRED, T1);

        assertThat(d.write()).isFalse();
        assertThat(d.tag()).isEqualTo(declared);
        assertThat(d.keptBecause()).contains(TagWrite.KEPT_DECLARED);
    }

    @Test
    void an_inferred_write_that_agrees_with_the_declared_value_still_leaves_it_declared() {
        UserTag declared = row(risk("balanced"), TagSource.USER);

        TagPrecedence.Decision d = TagPrecedence.decide(Optional.of(declared), ANN, risk("balanced"),
                TagSource.INFERRED, T1);

        assertThat(d.write()).isFalse();
        assertThat(d.tag().source()).isEqualTo(TagSource.USER);
    }

    @Test
    void a_declared_write_replaces_an_inferred_or_declared_value() {
        for (TagSource before : TagSource.values()) {
            TagPrecedence.Decision d = TagPrecedence.decide(Optional.of(row(risk("aggressive"), before)), ANN,
                    risk("conservative"), TagSource.USER, T1);

            assertThat(d.write()).isTrue();
            assertThat(d.tag()).isEqualTo(new UserTag(ANN, risk("conservative"), TagSource.USER, T1));
        }
    }

    @Test
    void a_declared_write_over_an_inferred_row_of_the_same_value_upgrades_its_source() {
        TagPrecedence.Decision d = TagPrecedence.decide(Optional.of(row(risk("balanced"), TagSource.INFERRED)), ANN,
                risk("balanced"), TagSource.USER, T1);

        assertThat(d.write()).isTrue();
        assertThat(d.tag().source()).isEqualTo(TagSource.USER);
    }

    @Test
    void an_inferred_write_replaces_an_inferred_value_and_fills_an_empty_dimension() {
        assertThat(TagPrecedence.decide(Optional.of(row(risk("balanced"), TagSource.INFERRED)), ANN, risk("aggressive"),
                TagSource.INFERRED, T1).write()).isTrue();
        assertThat(TagPrecedence.decide(Optional.empty(), ANN, risk("aggressive"), TagSource.INFERRED, T1).tag())
                .isEqualTo(new UserTag(ANN, risk("aggressive"), TagSource.INFERRED, T1));
    }

    @Test
    void writing_what_is_already_there_changes_nothing() {
        TagPrecedence.Decision d = TagPrecedence.decide(Optional.of(row(risk("balanced"), TagSource.USER)), ANN,
                risk("balanced"), TagSource.USER, T1);

        assertThat(d.write()).isFalse();
        assertThat(d.keptBecause()).contains(TagWrite.UNCHANGED);
        assertThat(d.tag().updatedAt()).isEqualTo(T0);
    }

    @Test
    void a_markets_union_only_adds_and_keeps_a_declared_source() {
        UserTag declared = row(markets("stocks"), TagSource.USER);

        TagPrecedence.Decision d = TagPrecedence.union(Optional.of(declared), ANN, markets("memes", "stocks"), T1);

        assertThat(d.write()).isTrue();
        assertThat(d.tag().value().values()).containsExactly("memes", "stocks");
        assertThat(d.tag().source()).isEqualTo(TagSource.USER);
    }

    @Test
    void a_markets_union_that_adds_nothing_is_kept_and_never_removes_a_value() {
        UserTag row = row(markets("memes", "stocks"), TagSource.INFERRED);

        TagPrecedence.Decision d = TagPrecedence.union(Optional.of(row), ANN, markets("memes"), T1);

        assertThat(d.write()).isFalse();
        assertThat(d.tag().value().values()).containsExactly("memes", "stocks");
    }

    @Test
    void a_markets_union_on_an_empty_dimension_is_inferred() {
        assertThat(TagPrecedence.union(Optional.empty(), ANN, markets("commodities"), T1).tag().source())
                .isEqualTo(TagSource.INFERRED);
    }

    @Test
    void tags_display_declared_first_then_inferred_each_in_dimension_order() {
        UserTag style = row(TagValue.single(TagDimension.STYLE, "technical", "v"), TagSource.INFERRED);
        UserTag fomo = row(TagValue.single(TagDimension.FOMO_INDEX, "High", "v"), TagSource.USER);
        UserTag knowledge = row(TagValue.single(TagDimension.FINANCE_KNOWLEDGE, "level_1", "v"), TagSource.INFERRED);
        UserTag riskTag = row(risk("balanced"), TagSource.USER);

        assertThat(TagPrecedence.ordered(List.of(style, fomo, knowledge, riskTag)))
                .containsExactly(riskTag, fomo, knowledge, style);
    }
}
