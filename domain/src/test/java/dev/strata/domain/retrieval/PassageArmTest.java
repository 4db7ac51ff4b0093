package dev.strata.domain.retrieval;

import static dev.strata.domain.retrieval.Fixtures.NOW;
import static dev.strata.domain.retrieval.Fixtures.memory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.strata.domain.graph.FinanceEntityExtractor;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The passage arm in the fusion: a third ranked list, weighed like the others, ignored when switched off. */
class PassageArmTest {

    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private static HybridRanker ranker(PassageArm passage) {
        return new HybridRanker(FusionSettings.defaults(), new FinanceEntityExtractor(), CLOCK, TimeLift.OFF,
                TimeExpressions.english(), passage);
    }

    private static RankingInput input(List<Candidate> keyword, List<Candidate> passage) {
        return new RankingInput(ArmResult.keyword(keyword), Optional.of(ArmResult.vector(List.of())),
                Neighbourhood.NONE, Map.of(), Optional.empty(), Optional.of(new ArmResult(Arm.PASSAGE, passage)));
    }

    @Test
    void a_memory_only_the_passage_arm_found_joins_the_answer_naming_that_arm() {
        Candidate question = memory(1, "how long have you had your turtles?");
        Candidate reply = memory(2, "three years, I think");

        RankedResults results = ranker(new PassageArm(1, 1, 1, 0)).rank("turtles",
                input(List.of(question), List.of(reply, question)), 10);

        assertThat(results.hits()).extracting(RankedHit::id).containsExactly(1L, 2L);
        assertThat(results.hits().get(1).arms()).containsExactly(Arm.PASSAGE);
        assertThat(results.hits().get(0).arms()).containsExactlyInAnyOrder(Arm.KEYWORD, Arm.PASSAGE);
    }

    @Test
    void its_weight_decides_against_the_keyword_arm() {
        Candidate a = memory(1, "a");
        Candidate b = memory(2, "b");

        RankedResults light = ranker(new PassageArm(0.5, 1, 1, 0)).rank("q", input(List.of(a, b), List.of(b, a)), 10);
        RankedResults heavy = ranker(new PassageArm(2, 1, 1, 0)).rank("q", input(List.of(a, b), List.of(b, a)), 10);

        assertThat(light.hits()).extracting(RankedHit::id).containsExactly(1L, 2L);
        assertThat(heavy.hits()).extracting(RankedHit::id).containsExactly(2L, 1L);
    }

    @Test
    void switched_off_its_rows_are_ignored() {
        RankedResults results = ranker(PassageArm.OFF).rank("q",
                input(List.of(memory(1, "a")), List.of(memory(2, "b"))), 10);

        assertThat(results.hits()).extracting(RankedHit::id).containsExactly(1L);
    }

    @Test
    void weights_out_of_range_or_a_running_arm_weighing_no_column_are_refused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new PassageArm(-1, 1, 1, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> new PassageArm(1, 11, 1, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> new PassageArm(1, Double.NaN, 1, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> new PassageArm(1, 0, 0, 0));
        assertThat(new PassageArm(0, 0, 0, 0).isOff()).isTrue();
    }

    @Test
    void ranking_input_takes_passage_rows_only_from_the_passage_arm() {
        assertThatIllegalArgumentException().isThrownBy(() -> new RankingInput(ArmResult.keyword(List.of()),
                Optional.empty(), Neighbourhood.NONE, Map.of(), Optional.empty(),
                Optional.of(ArmResult.keyword(List.of()))));
    }
}
