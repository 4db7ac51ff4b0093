package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RoleDefinitionTest {

    private static RoleDefinition role(String id, String skill) {
        RoleDefinition base = RoleFixtures.targetPrice();
        return new RoleDefinition(RoleId.of(id), base.label(), SkillId.of(skill), base.failureModes(),
                base.reflectionPrompt(), base.policy());
    }

    @Test
    void a_role_id_is_its_skill_id_or_the_skill_id_plus_one_variant() {
        assertThat(role("analysis.valuation", "analysis.valuation").id().value()).isEqualTo("analysis.valuation");
        assertThat(role("analysis.valuation.peer_comp", "analysis.valuation").skill().value())
                .isEqualTo("analysis.valuation");
    }

    @Test
    void a_role_id_outside_the_skills_namespace_is_refused_naming_the_id() {
        for (String id : List.of("analysis.momentum", "analysis.valuation.a.b", "analysis.valuationx", "analysis")) {
            assertThatThrownBy(() -> role(id, "analysis.valuation")).as(id)
                    .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("id"));
        }
    }

    @Test
    void ids_with_hostile_characters_are_refused() {
        for (String id : List.of("", " ", "Analysis", "a..b", "a.", ".a", "a/b", "a b", "a;drop", "1abc", "a".repeat(129),
                "../etc", "a\nb")) {
            assertThatThrownBy(() -> RoleId.of(id)).as(id).isInstanceOf(InvalidInputException.class);
        }
        assertThatThrownBy(() -> RoleId.of(null)).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void a_role_needs_a_one_line_label_and_at_least_one_failure_mode() {
        RoleDefinition base = RoleFixtures.targetPrice();
        assertThatThrownBy(() -> new RoleDefinition(base.id(), " ", base.skill(), base.failureModes(),
                base.reflectionPrompt(), base.policy())).hasMessageStartingWith("label:");
        assertThatThrownBy(() -> new RoleDefinition(base.id(), "two\nlines", base.skill(), base.failureModes(),
                base.reflectionPrompt(), base.policy())).hasMessageStartingWith("label:");
        assertThatThrownBy(() -> new RoleDefinition(base.id(), "ok", base.skill(), List.of(),
                base.reflectionPrompt(), base.policy())).hasMessageStartingWith("failureModes:");
        assertThatThrownBy(() -> new RoleDefinition(base.id(), "ok", base.skill(), List.of("fine", " "),
                base.reflectionPrompt(), base.policy())).hasMessageStartingWith("failureModes:");
    }

    @Test
    void an_unknown_placeholder_is_refused_naming_it() {
        assertThatThrownBy(() -> new ReflectionTemplate("Outcome {pnl}, asset {ticker}"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("reflectionPrompt");
                    assertThat(e.reason()).contains("{ticker}");
                });
        assertThatThrownBy(() -> new ReflectionTemplate("case matters: {PNL}")).hasMessageContaining("{PNL}");
    }

    @Test
    void braces_around_anything_but_a_bare_word_stay_literal_text() {
        ReflectionTemplate t = new ReflectionTemplate("Answer like {\"lesson\": \"...\"} for {asset} { pnl }");

        assertThat(t.placeholders()).containsExactly(Placeholder.ASSET);
        assertThat(t.fill(Map.of(Placeholder.ASSET, "BTC"))).isEqualTo("Answer like {\"lesson\": \"...\"} for BTC { pnl }");
    }

    @Test
    void filling_substitutes_each_placeholder_once_and_never_re_expands_values() {
        ReflectionTemplate t = new ReflectionTemplate("{decision} | {pnl} | {type} | {window}");
        Map<Placeholder, String> values = new EnumMap<>(Placeholder.class);
        values.put(Placeholder.DECISION, "buy {pnl} $1 \\ now");
        values.put(Placeholder.PNL, "-8%");
        values.put(Placeholder.TYPE, "logic_error");

        assertThat(t.fill(values)).isEqualTo("buy {pnl} $1 \\ now | -8% | logic_error | (unknown)");
    }

    @Test
    void min_age_above_max_age_is_refused_naming_min_age() {
        assertThatThrownBy(() -> RoleFixtures.policy(new OutcomeProbeSpec.Manual(), 800, 720, Set.of(), Optional.empty(),
                List.of())).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo("minAgeHours"));
        assertThat(RoleFixtures.policy(new OutcomeProbeSpec.Manual(), 24, 24, Set.of(), Optional.empty(), List.of())
                .minAgeHours()).isEqualTo(24);
    }

    @Test
    void the_cron_trigger_and_the_cron_expression_come_together() {
        assertThatThrownBy(() -> RoleFixtures.policy(new OutcomeProbeSpec.Manual(), 1, 2, Set.of(Trigger.CRON),
                Optional.empty(), List.of())).hasMessageStartingWith("cronExpr:");
        assertThatThrownBy(() -> RoleFixtures.policy(new OutcomeProbeSpec.Manual(), 1, 2, Set.of(), Optional.of("0 6 * * *"),
                List.of())).hasMessageStartingWith("cronExpr:");
    }

    @Test
    void probe_specs_validate_their_fields() {
        assertThatThrownBy(() -> new OutcomeProbeSpec.PriceDelta("asset", 0)).hasMessageStartingWith("windowHours:");
        assertThatThrownBy(() -> new OutcomeProbeSpec.PriceDelta("as set", 1)).hasMessageStartingWith("assetField:");
        assertThatThrownBy(() -> new OutcomeProbeSpec.Custom("Bad Id")).hasMessageStartingWith("probeId:");
        assertThatThrownBy(() -> PostHocProbe.parseMapper("asset symbol")).hasMessageStartingWith("paramMapper:");
        assertThat(PostHocProbe.parseMapper("asset→symbol, decision->text")).containsEntry("asset", "symbol")
                .containsEntry("decision", "text");
    }

    @Test
    void an_entry_is_due_from_min_age_through_max_age_inclusive() {
        ReflectionPolicy policy = RoleFixtures.targetPrice().policy();
        Instant created = Instant.parse("2026-03-01T00:00:00Z");

        assertThat(policy.ageOf(created, created.plus(Duration.ofHours(168)).minusMillis(1)))
                .isEqualTo(ReflectionPolicy.Age.TOO_YOUNG);
        assertThat(policy.ageOf(created, created.plus(Duration.ofHours(168)))).isEqualTo(ReflectionPolicy.Age.DUE);
        assertThat(policy.ageOf(created, created.plus(Duration.ofHours(720)))).isEqualTo(ReflectionPolicy.Age.DUE);
        assertThat(policy.ageOf(created, created.plus(Duration.ofHours(720)).plusMillis(1)))
                .isEqualTo(ReflectionPolicy.Age.EXPIRED);
    }

    @Test
    void a_trainable_reflection_needs_a_lesson_and_an_untrainable_one_has_none() {
        Instant at = Instant.parse("2026-03-01T00:00:00Z");
        assertThatThrownBy(() -> new Reflection(Classification.MISSING_DATA, "n", Optional.empty(), "m", at))
                .hasMessageStartingWith("lesson:");
        assertThatThrownBy(() -> new Reflection(Classification.EXOGENOUS, "n", Optional.of("l."), "m", at))
                .hasMessageStartingWith("lesson:");
        assertThat(Classification.LOGIC_ERROR.trainable()).isTrue();
        assertThat(Classification.VARIANCE.trainable()).isFalse();
    }

    @Test
    void a_lesson_keeps_at_most_two_sentences_on_one_line() {
        assertThat(LessonText.of("Check funding first.\nThen size at 0.5% risk! Never chase. Ever."))
                .isEqualTo("Check funding first. Then size at 0.5% risk!");
        assertThat(LessonText.of("\"One quoted sentence.\"")).isEqualTo("One quoted sentence.");
        assertThat(LessonText.of("no full stop at all")).isEqualTo("no full stop at all");
        assertThat(LessonText.of("x".repeat(1000))).hasSize(LessonText.MAX_CHARS);
        assertThatThrownBy(() -> LessonText.of("  ")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void assets_are_normalised_to_upper_case_symbols() {
        assertThat(Asset.of(" $btc ").symbol()).isEqualTo("BTC");
        assertThat(Asset.of("brk.b").symbol()).isEqualTo("BRK.B");
        for (String bad : List.of("", "BTC/USDT", "a b", "x".repeat(33), "<script>", "BTC'--")) {
            assertThatThrownBy(() -> Asset.of(bad)).as(bad).isInstanceOf(InvalidInputException.class);
        }
    }

    @Test
    void inputs_must_be_a_json_object_of_bounded_size() {
        assertThatThrownBy(() -> new RoleInputs("[1]")).hasMessageStartingWith("inputs:");
        assertThatThrownBy(() -> new RoleInputs("{\"a\":\"" + "x".repeat(RoleInputs.MAX_CHARS) + "\"}"))
                .hasMessageStartingWith("inputs:");
    }
}
