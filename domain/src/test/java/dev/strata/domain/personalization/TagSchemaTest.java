package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class TagSchemaTest {

    @Test
    void the_ten_dimensions_and_their_values_are_exactly_the_specs_table() {
        assertThat(Arrays.stream(TagDimension.values()).map(TagDimension::storedName)).containsExactly(
                "finance_knowledge", "frequency", "markets", "risk", "web3_knowledge_level", "style", "FOMO Index",
                "FUD Immunity", "Patience Level", "Greed Index");
        assertThat(TagSchema.allowedValues(TagDimension.FINANCE_KNOWLEDGE)).extracting(TagOption::value, TagOption::label)
                .containsExactly(tuple("level_1", "Beginner"), tuple("level_2", "Intermediate"),
                        tuple("level_3", "Advanced"), tuple("level_4", "Expert"));
        assertThat(TagSchema.allowedValues(TagDimension.WEB3_KNOWLEDGE_LEVEL)).extracting(TagOption::label)
                .containsExactly("Novice", "Familiar", "Experienced", "Pro");
        assertThat(values(TagDimension.FREQUENCY)).containsExactly("passive", "weekly", "daily", "active");
        assertThat(values(TagDimension.MARKETS)).containsExactly("crypto_majors", "crypto_alts", "memes", "stocks",
                "commodities", "pre_ipo");
        assertThat(values(TagDimension.RISK)).containsExactly("conservative", "balanced", "aggressive");
        assertThat(values(TagDimension.STYLE)).containsExactly("fundamentals", "technical", "narrative", "news_event",
                "community");
        assertThat(values(TagDimension.FOMO_INDEX)).containsExactly("Very Low", "Low", "Medium", "High", "Very High");
        assertThat(values(TagDimension.FUD_IMMUNITY)).containsExactly("Strong", "Medium", "Weak");
        assertThat(values(TagDimension.PATIENCE_LEVEL)).containsExactly("High", "Medium", "Low");
        assertThat(values(TagDimension.GREED_INDEX)).containsExactly("Very Low", "Low", "Medium", "High", "Very High");
        assertThat(Arrays.stream(TagDimension.values()).filter(TagDimension::multiSelect))
                .containsExactly(TagDimension.MARKETS);
        assertThat(Arrays.stream(TagDimension.values()).filter(TagDimension::core)).containsExactly(
                TagDimension.FINANCE_KNOWLEDGE, TagDimension.RISK, TagDimension.WEB3_KNOWLEDGE_LEVEL);
    }

    private static List<String> values(TagDimension d) {
        return TagSchema.allowedValues(d).stream().map(TagOption::value).toList();
    }

    @ParameterizedTest
    @EnumSource(TagDimension.class)
    void every_allowed_value_is_valid_and_round_trips_through_its_stored_form(TagDimension d) {
        for (TagOption o : TagSchema.allowedValues(d)) {
            TagValue v = d.multiSelect() ? TagValue.multi(d, List.of(o.value()), "value")
                    : TagValue.single(d, o.value(), "value");
            String stored = TagSchema.serializeTagValue(v);

            assertThat(TagSchema.isValidTagValue(d, stored)).isTrue();
            assertThat(TagSchema.parseStoredTagValue(d, stored)).contains(v);
            assertThat(v.labels()).isEqualTo(o.label());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"Balanced", "BALANCED", " balanced", "balanced ", "moderate", "", "level_2", "balanced\n",
            "conservative,balanced", "[\"balanced\"]", "balanc\u0435d"})
    void risk_refuses_anything_but_its_exact_machine_values(String raw) {
        assertThat(TagSchema.isValidTagValue(TagDimension.RISK, raw)).isFalse();
        assertThatThrownBy(() -> TagValue.single(TagDimension.RISK, raw, "value"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("value: must be one of conservative, balanced, aggressive for dimension risk");
    }

    @Test
    void a_label_is_not_a_value() {
        assertThatThrownBy(() -> TagValue.single(TagDimension.FINANCE_KNOWLEDGE, "Beginner", "value"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("level_1, level_2, level_3, level_4").hasMessageContaining("finance_knowledge");
    }

    @Test
    void the_personality_dimensions_take_their_labels_with_exact_case_and_spacing() {
        assertThat(TagValue.single(TagDimension.FOMO_INDEX, "Very High", "v").first()).isEqualTo("Very High");
        assertThat(TagSchema.isValidTagValue(TagDimension.FOMO_INDEX, "very high")).isFalse();
        assertThat(TagSchema.isValidTagValue(TagDimension.FOMO_INDEX, "Very  High")).isFalse();
        assertThat(TagSchema.isValidTagValue(TagDimension.FUD_IMMUNITY, "Very High")).isFalse();
        assertThat(TagSchema.isValidTagValue(TagDimension.PATIENCE_LEVEL, "Medium")).isTrue();
    }

    @Test
    void a_missing_value_is_refused_naming_the_field() {
        assertThatThrownBy(() -> TagValue.single(TagDimension.STYLE, null, "answers.style"))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("answers.style: must be one of");
        assertThat(TagSchema.isValidTagValue(TagDimension.STYLE, null)).isFalse();
    }

    @Test
    void markets_takes_a_non_empty_list_of_allowed_values_in_schema_order_without_repeats() {
        TagValue v = TagValue.multi(TagDimension.MARKETS, List.of("stocks", "memes", "stocks", "crypto_majors"), "value");

        assertThat(v.values()).containsExactly("crypto_majors", "memes", "stocks");
        assertThat(TagSchema.serializeTagValue(v)).isEqualTo("[\"crypto_majors\",\"memes\",\"stocks\"]");
        assertThat(v.labels()).isEqualTo("Crypto majors, Memes, Stocks");
    }

    @Test
    void markets_refuses_an_empty_list_an_unknown_member_and_a_null_member() {
        List<String> withNull = new ArrayList<>();
        withNull.add(null);
        for (List<String> bad : List.of(List.<String>of(), List.of("memes", "nfts"), List.of("Memes"), withNull)) {
            assertThatThrownBy(() -> TagValue.multi(TagDimension.MARKETS, bad, "value"))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("value: must be one of crypto_majors, crypto_alts, memes, stocks, commodities, pre_ipo"
                            + " (a non-empty list) for dimension markets");
        }
    }

    @Test
    void a_list_for_a_single_dimension_and_a_single_value_for_markets_are_refused_not_coerced() {
        assertThatThrownBy(() -> TagValue.multi(TagDimension.RISK, List.of("balanced"), "value"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("risk takes one value");
        assertThatThrownBy(() -> TagValue.single(TagDimension.MARKETS, "memes", "value"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("markets is multi-select");
    }

    @ParameterizedTest
    @ValueSource(strings = {"memes", "[]", "[memes]", "['memes']", "[\"memes\",]", "[\"me\\u006des\"]", "[\"memes\"",
            "{\"memes\":1}", "[\"memes\",\"nfts\"]", "[[\"memes\"]]", "[\"memes\" \"stocks\"]"})
    void a_stored_markets_text_that_is_not_a_plain_array_of_allowed_values_parses_to_nothing(String stored) {
        assertThat(TagSchema.parseStoredTagValue(TagDimension.MARKETS, stored)).isEmpty();
    }

    @Test
    void a_stored_markets_array_may_carry_whitespace_between_tokens() {
        assertThat(TagSchema.parseStoredTagValue(TagDimension.MARKETS, " [ \"stocks\" , \"memes\" ] ").orElseThrow()
                .values()).containsExactly("memes", "stocks");
    }

    @Test
    void dimensions_parse_from_their_stored_name_or_slug_exactly() {
        assertThat(TagDimension.parse("FOMO Index")).isEqualTo(TagDimension.FOMO_INDEX);
        assertThat(TagDimension.parse("fomo_index")).isEqualTo(TagDimension.FOMO_INDEX);
        assertThat(TagDimension.parse("web3_knowledge_level")).isEqualTo(TagDimension.WEB3_KNOWLEDGE_LEVEL);
        for (String bad : new String[]{"Fomo Index", "FOMO_INDEX", "Risk", "risk ", "Risk Profile", "", "asset_tier"}) {
            assertThatThrownBy(() -> TagDimension.parse(bad)).isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith("dimension: must be one of finance_knowledge, frequency, markets, risk,");
        }
        assertThatThrownBy(() -> TagDimension.parse(null)).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void the_rendered_schema_lists_every_dimension_with_values_and_labels() {
        String text = TagSchema.renderTagSchema();

        assertThat(text.lines()).hasSize(10);
        assertThat(text).contains("- finance_knowledge: level_1 (Beginner), level_2 (Intermediate), level_3 (Advanced),"
                + " level_4 (Expert)");
        assertThat(text).contains("- markets (multi-select: a JSON array of values): crypto_majors (Crypto majors),");
        assertThat(text).contains("- FUD Immunity: Strong, Medium, Weak");
    }
}
