package dev.strata.domain.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strata.domain.memory.QuerySyntax.Constraint;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class QuerySyntaxTest {

    private static Constraint of(String query) {
        return QuerySyntax.constraint(query);
    }

    @Test
    void natural_language_constrains_nothing() {
        assertThat(of("what slippage does the user like?").isNone()).isTrue();
        assertThat(of("'; DROP TABLE memories; --").isNone()).isTrue();
        assertThat(QuerySyntax.usesSyntax("category of the lesson")).isFalse();
    }

    @Test
    void a_column_filter_constrains_but_a_bare_word_beside_it_does_not() {
        Constraint c = of("category:lesson BTC");

        assertThat(c.mustMatch()).contains("category:lesson");
        assertThat(c.mustNotMatch()).isEmpty();
    }

    @Test
    void a_phrase_constrains() {
        assertThat(of("\"always use\" slippage").mustMatch()).contains("\"always use\"");
    }

    @Test
    void what_follows_not_must_not_match() {
        Constraint c = of("BTC NOT ETH");

        assertThat(c.mustMatch()).isEmpty();
        assertThat(c.mustNotMatch()).contains("ETH");
    }

    @Test
    void constraints_of_a_conjunction_add_up() {
        Constraint c = of("category:lesson \"stop loss\" NOT (ETH OR SOL)");

        assertThat(c.mustMatch()).contains("(category:lesson) AND (\"stop loss\")");
        assertThat(c.mustNotMatch()).contains("(ETH OR SOL)");
    }

    @Test
    void an_alternative_without_demands_lifts_the_demands_of_its_siblings() {
        assertThat(of("category:lesson OR slippage").isNone()).isTrue();
        assertThat(of("(BTC NOT ETH) OR category:lesson").isNone()).isTrue();
    }

    @Test
    void alternatives_that_all_demand_something_demand_one_of_them() {
        Constraint c = of("category:lesson OR category:preference");

        assertThat(c.mustMatch()).contains("(category:lesson) OR (category:preference)");
    }

    @Test
    void an_alternative_with_a_negation_keeps_it_inside_the_expression() {
        Constraint c = of("(category:lesson NOT ETH) OR \"stop loss\"");

        assertThat(c.mustMatch()).contains("((category:lesson) NOT (ETH)) OR (\"stop loss\")");
        assertThat(c.mustNotMatch()).isEmpty();
    }

    @Test
    void column_filters_apply_to_a_group_or_a_near_group() {
        assertThat(of("content:(BTC OR ETH) dip").mustMatch()).contains("content:(BTC OR ETH)");
        assertThat(of("NEAR(stop loss, 3) BTC").mustMatch()).contains("NEAR(stop loss, 3)");
    }

    @Test
    void prefixes_and_plain_boolean_terms_constrain_nothing() {
        assertThat(of("slip* AND base").isNone()).isTrue();
        assertThat(of("slippage OR impact").isNone()).isTrue();
    }

    @Test
    void a_query_that_does_not_parse_constrains_nothing() {
        assertThat(of("category:lesson \"unbalanced").isNone()).isTrue();
        assertThat(of("NOT ETH").isNone()).isTrue();
        assertThat(of("BTC AND").isNone()).isTrue();
        assertThat(of("category:lesson 0.5%").isNone()).isTrue();
    }

    @Test
    void a_query_ending_where_a_phrase_belongs_constrains_nothing() {
        for (String query : List.of("content:", "BTC content:", "category :", "-content:", "\"a\" ^",
                "NEAR(a b, x) \"unterminated ) , )))) ^ - \"unterminated content:")) {
            assertThat(of(query).isNone()).as(query).isTrue();
            assertThat(QuerySyntax.positiveTerms(query)).as(query).isNotNull();
        }
    }

    @Test
    void positive_terms_leave_out_negated_words_category_values_and_prefixes() {
        assertThat(QuerySyntax.positiveTerms("category:lesson \"stop loss\" BTC NOT ETH slip*"))
                .containsExactly("stop", "loss", "btc");
        assertThat(QuerySyntax.positiveTerms("what is the zq7fox code?")).containsExactly("zq7fox", "code");
        assertThat(QuerySyntax.positiveTerms("content:zq7fox")).containsExactly("zq7fox");
    }

    @Test
    void none_is_the_empty_constraint() {
        assertThat(Constraint.NONE.mustMatch()).isEqualTo(Optional.empty());
        assertThat(Constraint.NONE.isNone()).isTrue();
    }
}
