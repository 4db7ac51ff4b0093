package dev.strata.domain.personalization;

import dev.strata.domain.personalization.LegacyTagMigration.Action;
import dev.strata.domain.personalization.LegacyTagMigration.Plan;
import dev.strata.domain.personalization.LegacyTagMigration.Step;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LegacyTagMigrationTest {

    private static final Instant T0 = Instant.parse("2025-06-01T00:00:00Z");

    private static StoredTagRow v1(String dimension, String value, String source) {
        return new StoredTagRow("ann", dimension, value, source, T0);
    }

    private static Step only(Plan plan) {
        assertThat(plan.steps()).hasSize(1);
        return plan.steps().get(0);
    }

    @Test
    void the_four_renamed_dimensions_move_to_their_v2_names() {
        Plan plan = LegacyTagMigration.plan(List.of(v1("Risk Profile", "Moderate", "user"),
                v1("Web3 Knowledge Level", "Experienced", "inferred"), v1("Decision-Making Style", "Technical Analysis",
                        "inferred"), v1("Asset Preference", "Crypto Majors, Memes and Stocks", "user")));

        assertThat(plan.write()).extracting(t -> t.dimension().slug(), t -> TagSchema.serializeTagValue(t.value()),
                UserTag::source).containsExactly(
                org.assertj.core.groups.Tuple.tuple("risk", "balanced", TagSource.USER),
                org.assertj.core.groups.Tuple.tuple("web3_knowledge_level", "level_3", TagSource.INFERRED),
                org.assertj.core.groups.Tuple.tuple("style", "technical", TagSource.INFERRED),
                org.assertj.core.groups.Tuple.tuple("markets", "[\"crypto_majors\",\"memes\",\"stocks\"]",
                        TagSource.USER));
        assertThat(plan.remove()).hasSize(4);
        assertThat(plan.count(Action.REMAP)).isEqualTo(4);
        assertThat(plan.write()).allSatisfy(t -> assertThat(t.updatedAt()).isEqualTo(T0));
    }

    @Test
    void a_v1_markets_value_may_be_a_json_array_of_labels() {
        Step step = only(LegacyTagMigration.plan(List.of(v1("Asset Preference", "[\"Pre-IPO\",\"Commodities\"]",
                "inferred"))));

        assertThat(step.write().orElseThrow().value().values()).containsExactly("commodities", "pre_ipo");
    }

    @Test
    void the_three_retired_dimensions_are_dropped() {
        Plan plan = LegacyTagMigration.plan(List.of(v1("Asset Tier", "Whale", "inferred"),
                v1("Trading Frequency", "Daily", "user"), v1("Learning Preference", "Videos", "inferred")));

        assertThat(plan.steps()).extracting(Step::action).containsOnly(Action.DROP);
        assertThat(plan.remove()).hasSize(3);
        assertThat(plan.write()).isEmpty();
    }

    @Test
    void the_personality_dimensions_and_v2_rows_are_untouched() {
        Plan plan = LegacyTagMigration.plan(List.of(v1("FOMO Index", "High", "inferred"), v1("risk", "balanced",
                "user"), v1("Greed Index", "Low", "inferred")));

        assertThat(plan.steps()).isEmpty();
        assertThat(plan.isEmpty()).isTrue();
    }

    @Test
    void a_value_that_names_no_v2_value_is_left_as_it_is_never_guessed() {
        Plan plan = LegacyTagMigration.plan(List.of(v1("Risk Profile", "YOLO", "user"),
                v1("Asset Preference", "Memes, NFTs", "user")));

        assertThat(plan.steps()).extracting(Step::action).containsOnly(Action.LEAVE);
        assertThat(plan.steps().get(0).note()).contains("does not map to risk (one of conservative, balanced, aggressive)");
        assertThat(plan.remove()).isEmpty();
        assertThat(plan.write()).isEmpty();
    }

    @Test
    void an_unknown_dimension_is_reported_and_left() {
        Step step = only(LegacyTagMigration.plan(List.of(v1("Mood", "Sunny", "inferred"))));

        assertThat(step.action()).isEqualTo(Action.LEAVE);
        assertThat(step.note()).contains("unknown dimension");
    }

    @Test
    void a_declared_v1_value_replaces_an_inferred_v2_row() {
        Plan plan = LegacyTagMigration.plan(List.of(v1("risk", "aggressive", "inferred"),
                v1("Risk Profile", "Conservative", "user")));

        assertThat(plan.write()).singleElement().satisfies(t -> {
            assertThat(t.value().first()).isEqualTo("conservative");
            assertThat(t.source()).isEqualTo(TagSource.USER);
        });
        assertThat(plan.remove()).extracting(StoredTagRow::dimension).containsExactly("Risk Profile");
    }

    @Test
    void an_inferred_v1_value_yields_to_a_declared_v2_row_and_goes() {
        Plan plan = LegacyTagMigration.plan(List.of(v1("risk", "balanced", "user"),
                v1("Risk Profile", "Aggressive", "inferred")));

        assertThat(plan.write()).isEmpty();
        assertThat(plan.steps()).singleElement().satisfies(s -> {
            assertThat(s.action()).isEqualTo(Action.DROP);
            assertThat(s.note()).contains("already there is kept");
        });
    }

    @Test
    void a_v1_source_other_than_user_counts_as_inferred() {
        Step step = only(LegacyTagMigration.plan(List.of(v1("Risk Profile", "High", "llm"))));

        assertThat(step.write().orElseThrow().source()).isEqualTo(TagSource.INFERRED);
        assertThat(step.write().orElseThrow().value().first()).isEqualTo("aggressive");
    }

    @Test
    void a_row_whose_user_id_is_not_valid_is_left() {
        Step step = only(LegacyTagMigration.plan(List.of(new StoredTagRow("ann smith", "Risk Profile", "Low", "user", T0))));

        assertThat(step.action()).isEqualTo(Action.LEAVE);
        assertThat(step.note()).contains("user id");
    }
}
