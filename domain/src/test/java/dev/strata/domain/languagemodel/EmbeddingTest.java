package dev.strata.domain.languagemodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EmbeddingTest {

    @Test
    void is_a_value_that_cannot_be_mutated_through_its_array() {
        float[] source = {1f, 2f, 3f};
        Embedding embedding = new Embedding(source);
        source[0] = 99f;
        embedding.vector()[1] = 99f;

        assertThat(embedding.vector()).containsExactly(1f, 2f, 3f);
        assertThat(embedding).isEqualTo(new Embedding(new float[] {1f, 2f, 3f}));
        assertThat(embedding.dimension()).isEqualTo(3);
    }

    @Test
    void measures_cosine_similarity() {
        Embedding x = new Embedding(new float[] {1f, 0f});
        assertThat(x.cosineSimilarity(new Embedding(new float[] {3f, 0f}))).isCloseTo(1.0, within(1e-9));
        assertThat(x.cosineSimilarity(new Embedding(new float[] {0f, 2f}))).isCloseTo(0.0, within(1e-9));
        assertThat(x.cosineSimilarity(new Embedding(new float[] {-1f, 0f}))).isCloseTo(-1.0, within(1e-9));
        assertThatThrownBy(() -> x.cosineSimilarity(new Embedding(new float[] {1f})))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejects_empty_or_non_finite_vectors() {
        assertThatThrownBy(() -> new Embedding(new float[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Embedding(new float[] {Float.NaN})).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void model_info_needs_a_positive_dimension() {
        assertThat(new EmbeddingModelInfo("local", "bge-small-en-v1.5-q", 384).dimension()).isEqualTo(384);
        assertThatThrownBy(() -> new EmbeddingModelInfo("local", "m", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EmbeddingModelInfo(" ", "m", 3)).isInstanceOf(IllegalArgumentException.class);
    }
}
