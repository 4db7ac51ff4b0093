package dev.strata.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class SimilarityFloorTest {

    private static VectorMatch at(long id, double similarity) {
        return new VectorMatch(MemoryId.of(id), 1 - similarity);
    }

    @Test
    void the_arm_answers_nothing_when_its_best_match_is_below_the_floor() {
        SimilarityFloor floor = new SimilarityFloor(0.64, 0.64, SimilarityFloor.FULL_WINDOW);

        assertThat(floor.apply(List.of(at(1, 0.63), at(2, 0.6), at(3, 0.2)), true)).isEmpty();
    }

    @Test
    void above_the_floor_every_row_of_the_window_stays_however_low() {
        SimilarityFloor floor = new SimilarityFloor(0.64, 0.64, SimilarityFloor.FULL_WINDOW);

        assertThat(floor.apply(List.of(at(1, 0.7), at(2, 0.5), at(3, 0.1)), true)).extracting(m -> m.memory().value())
                .containsExactly(1L, 2L, 3L);
    }

    @Test
    void the_window_keeps_rows_close_to_the_best_match_in_their_order() {
        SimilarityFloor floor = new SimilarityFloor(0, 0, 0.1);

        assertThat(floor.apply(List.of(at(1, 0.8), at(2, 0.7), at(3, 0.69), at(4, 0.3)), true))
                .extracting(m -> m.memory().value()).containsExactly(1L, 2L);
    }

    @Test
    void without_keyword_hits_the_best_match_must_reach_the_solo_floor() {
        SimilarityFloor floor = new SimilarityFloor(0.6, 0.64, SimilarityFloor.FULL_WINDOW);
        List<VectorMatch> matches = List.of(at(1, 0.62), at(2, 0.5));

        assertThat(floor.apply(matches, true)).hasSize(2);
        assertThat(floor.apply(matches, false)).isEmpty();
        assertThat(floor.apply(List.of(at(1, 0.65), at(2, 0.5)), false)).hasSize(2);
    }

    @Test
    void none_keeps_everything() {
        List<VectorMatch> all = List.of(at(1, 0.9), at(2, 0.0));
        assertThat(SimilarityFloor.NONE.apply(all, false)).isEqualTo(all);
        assertThat(SimilarityFloor.NONE.isNone()).isTrue();
    }

    @Test
    void floor_and_window_must_be_in_range() {
        assertThatIllegalArgumentException().isThrownBy(() -> new SimilarityFloor(1.0, 0, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> new SimilarityFloor(-0.1, 0, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> new SimilarityFloor(Double.NaN, 0, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> new SimilarityFloor(0, 1.0, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> new SimilarityFloor(0.5, 0.5, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> new SimilarityFloor(0.5, 0.5, 2.5));
    }

    @Test
    void the_default_is_the_models_measured_floor_and_none_for_an_unmeasured_model() {
        EmbeddingModelInfo bge = new EmbeddingModelInfo("local", "bge-small-en-v1.5-q", 384);
        EmbeddingModelInfo remote = new EmbeddingModelInfo("openai", "text-embedding-3-small", 1536);

        assertThat(SimilarityFloor.defaultFor(Optional.of(bge))).isEqualTo(SimilarityFloor.MEASURED.get(bge.modelId()));
        assertThat(SimilarityFloor.defaultFor(Optional.of(bge)).isNone()).isFalse();
        assertThat(SimilarityFloor.defaultFor(Optional.of(remote))).isEqualTo(SimilarityFloor.NONE);
        assertThat(SimilarityFloor.defaultFor(Optional.empty())).isEqualTo(SimilarityFloor.NONE);
    }

    @Test
    void each_configured_part_overrides_the_models_default() {
        EmbeddingModelInfo bge = new EmbeddingModelInfo("local", "bge-small-en-v1.5-q", 384);
        SimilarityFloor measured = SimilarityFloor.defaultFor(Optional.of(bge));

        SimilarityFloor floor = FusionSettings.defaults().withVectorMinSimilarity(OptionalDouble.of(0.25))
                .similarityFloor(Optional.of(bge));
        assertThat(floor).isEqualTo(new SimilarityFloor(0.25, measured.soloMinSimilarity(), measured.window()));
        assertThat(FusionSettings.defaults().withVectorMinSimilarity(OptionalDouble.of(0))
                .withVectorSoloMinSimilarity(OptionalDouble.of(0)).withVectorSimilarityWindow(OptionalDouble.of(2))
                .similarityFloor(Optional.of(bge)).isNone()).isTrue();
        assertThatIllegalArgumentException().isThrownBy(() ->
                FusionSettings.defaults().withVectorMinSimilarity(OptionalDouble.of(1.5)));
        assertThatIllegalArgumentException().isThrownBy(() ->
                FusionSettings.defaults().withVectorSimilarityWindow(OptionalDouble.of(0)));
    }
}
