package dev.strata.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.model.EmbeddingModelInfo;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class SimilarityFloorTest {

    private static VectorMatch at(long id, double similarity) {
        return new VectorMatch(MemoryId.of(id), 1 - similarity);
    }

    @Test
    void keeps_matches_at_or_above_the_floor_in_their_order() {
        SimilarityFloor floor = new SimilarityFloor(0.6);

        assertThat(floor.apply(List.of(at(1, 0.9), at(2, 0.6), at(3, 0.59), at(4, 0.1))))
                .extracting(m -> m.memory().value()).containsExactly(1L, 2L);
    }

    @Test
    void zero_keeps_everything() {
        List<VectorMatch> all = List.of(at(1, 0.9), at(2, 0.0));
        assertThat(SimilarityFloor.NONE.apply(all)).isEqualTo(all);
    }

    @Test
    void must_be_in_0_to_1() {
        assertThatIllegalArgumentException().isThrownBy(() -> new SimilarityFloor(1.0));
        assertThatIllegalArgumentException().isThrownBy(() -> new SimilarityFloor(-0.1));
        assertThatIllegalArgumentException().isThrownBy(() -> new SimilarityFloor(Double.NaN));
    }

    @Test
    void the_default_is_the_models_measured_floor_and_none_for_an_unmeasured_model() {
        EmbeddingModelInfo bge = new EmbeddingModelInfo("local", "bge-small-en-v1.5-q", 384);
        EmbeddingModelInfo remote = new EmbeddingModelInfo("openai", "text-embedding-3-small", 1536);

        assertThat(SimilarityFloor.defaultFor(Optional.of(bge)).minSimilarity())
                .isEqualTo(SimilarityFloor.MEASURED.get("bge-small-en-v1.5-q"));
        assertThat(SimilarityFloor.defaultFor(Optional.of(remote))).isEqualTo(SimilarityFloor.NONE);
        assertThat(SimilarityFloor.defaultFor(Optional.empty())).isEqualTo(SimilarityFloor.NONE);
    }

    @Test
    void a_configured_floor_overrides_the_models_default() {
        EmbeddingModelInfo bge = new EmbeddingModelInfo("local", "bge-small-en-v1.5-q", 384);
        FusionSettings settings = FusionSettings.defaults().withVectorMinSimilarity(OptionalDouble.of(0.25));

        assertThat(settings.similarityFloor(Optional.of(bge)).minSimilarity()).isEqualTo(0.25);
        assertThat(FusionSettings.defaults().withVectorMinSimilarity(OptionalDouble.of(0))
                .similarityFloor(Optional.of(bge))).isEqualTo(SimilarityFloor.NONE);
        assertThatIllegalArgumentException().isThrownBy(() ->
                FusionSettings.defaults().withVectorMinSimilarity(OptionalDouble.of(1.5)));
    }
}
