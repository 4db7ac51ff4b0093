package dev.strata.adapters.llm.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class OnnxEmbedderTest {

    private static final Map<LocalEmbeddingModel, OnnxEmbedder> EMBEDDERS = new EnumMap<>(LocalEmbeddingModel.class);

    @BeforeAll
    static void loadModelsOnce() {
        for (LocalEmbeddingModel model : LocalEmbeddingModel.values()) {
            EMBEDDERS.put(model, OnnxEmbedder.of(model));
        }
    }

    private static double norm(Embedding embedding) {
        double sum = 0;
        for (float value : embedding.vector()) {
            sum += value * value;
        }
        return Math.sqrt(sum);
    }

    @ParameterizedTest
    @EnumSource(LocalEmbeddingModel.class)
    void describes_its_model(LocalEmbeddingModel model) {
        assertThat(EMBEDDERS.get(model).modelInfo()).hasValueSatisfying(info -> {
            assertThat(info.provider()).isEqualTo("local");
            assertThat(info.modelId()).isEqualTo(model.modelId());
            assertThat(info.dimension()).isEqualTo(384);
        });
    }

    @ParameterizedTest
    @EnumSource(LocalEmbeddingModel.class)
    void produces_unit_length_vectors_of_the_models_dimension(LocalEmbeddingModel model) {
        Embedding embedding = EMBEDDERS.get(model).embedQuery("What did we decide about token expiry?");

        assertThat(embedding.dimension()).isEqualTo(384);
        assertThat(norm(embedding)).isCloseTo(1.0, within(1e-3));
    }

    @ParameterizedTest
    @EnumSource(LocalEmbeddingModel.class)
    void ranks_a_paraphrase_above_unrelated_passages(LocalEmbeddingModel model) {
        OnnxEmbedder embedder = EMBEDDERS.get(model);
        List<Embedding> passages = embedder.embedDocuments(List.of(
                "We chose JWT bearer tokens with a one hour expiry for API authentication.",
                "The cafeteria serves lunch from noon until two o'clock.",
                "Altcoins dropped sharply overnight while bitcoin held its range."));

        Embedding auth = embedder.embedQuery("how do clients authenticate to the API?");
        Embedding crash = embedder.embedQuery("crypto market crash last night");

        assertThat(auth.cosineSimilarity(passages.get(0)))
                .isGreaterThan(auth.cosineSimilarity(passages.get(1)))
                .isGreaterThan(auth.cosineSimilarity(passages.get(2)));
        assertThat(crash.cosineSimilarity(passages.get(2)))
                .isGreaterThan(crash.cosineSimilarity(passages.get(0)))
                .isGreaterThan(crash.cosineSimilarity(passages.get(1)));
    }

    @Test
    void bge_applies_its_query_instruction_to_queries_only() {
        OnnxEmbedder bge = EMBEDDERS.get(LocalEmbeddingModel.BGE_SMALL_EN_V15);
        String text = "deployment freeze on Fridays";

        Embedding asQuery = bge.embedQuery(text);
        Embedding asDocument = bge.embedDocuments(List.of(text)).getFirst();
        Embedding instructedDocument = bge.embedDocuments(
                List.of(LocalEmbeddingModel.BGE_SMALL_EN_V15.queryInstruction() + text)).getFirst();

        assertThat(asQuery).isNotEqualTo(asDocument);
        assertThat(asQuery.cosineSimilarity(instructedDocument)).isGreaterThan(0.9999);
    }

    @Test
    void without_the_instruction_bge_embeds_queries_like_documents() {
        OnnxEmbedder plain = OnnxEmbedder.of(LocalEmbeddingModel.BGE_SMALL_EN_V15, false);
        String text = "deployment freeze on Fridays";

        assertThat(plain.embedQuery(text).cosineSimilarity(plain.embedDocuments(List.of(text)).getFirst()))
                .isGreaterThan(0.9999);
        assertThat(plain.embedDocuments(List.of(text)).getFirst().cosineSimilarity(
                EMBEDDERS.get(LocalEmbeddingModel.BGE_SMALL_EN_V15).embedDocuments(List.of(text)).getFirst()))
                .isGreaterThan(0.9999);
    }

    @Test
    void mini_lm_is_symmetric() {
        OnnxEmbedder miniLm = EMBEDDERS.get(LocalEmbeddingModel.ALL_MINILM_L6_V2);
        String text = "deployment freeze on Fridays";

        assertThat(miniLm.embedQuery(text).cosineSimilarity(miniLm.embedDocuments(List.of(text)).getFirst()))
                .isGreaterThan(0.9999);
    }

    @ParameterizedTest
    @EnumSource(LocalEmbeddingModel.class)
    void embeds_a_batch_like_single_texts_in_the_same_order(LocalEmbeddingModel model) {
        OnnxEmbedder embedder = EMBEDDERS.get(model);
        List<String> texts = List.of("first memory about databases", "second memory about holidays", "third one");

        List<Embedding> batch = embedder.embedDocuments(texts);

        assertThat(batch).hasSize(3);
        for (int i = 0; i < texts.size(); i++) {
            Embedding single = embedder.embedDocuments(List.of(texts.get(i))).getFirst();
            assertThat(batch.get(i).cosineSimilarity(single)).isGreaterThan(0.9999);
        }
    }

    @Test
    void is_safe_to_call_from_several_threads() throws Exception {
        OnnxEmbedder embedder = EMBEDDERS.get(LocalEmbeddingModel.DEFAULT);
        List<String> texts = List.of("alpha beta gamma", "the quick brown fox", "rate limits on the gateway");
        List<Embedding> reference = embedder.embedDocuments(texts);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Embedding>>> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                results.add(pool.submit(() -> embedder.embed(texts, EmbeddingPurpose.DOCUMENT)));
            }
            for (Future<List<Embedding>> result : results) {
                List<Embedding> vectors = result.get();
                for (int i = 0; i < texts.size(); i++) {
                    assertThat(vectors.get(i).cosineSimilarity(reference.get(i))).isGreaterThan(0.9999);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void answers_an_empty_batch_without_work_and_rejects_blank_texts() {
        OnnxEmbedder embedder = EMBEDDERS.get(LocalEmbeddingModel.DEFAULT);

        assertThat(embedder.embedDocuments(List.of())).isEmpty();
        assertThatThrownBy(() -> embedder.embedDocuments(List.of("  "))).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void names_models_by_configuration_value() {
        assertThat(LocalEmbeddingModel.fromConfigName(" BGE-small-en-v1.5 ")).isEqualTo(LocalEmbeddingModel.BGE_SMALL_EN_V15);
        assertThat(LocalEmbeddingModel.fromConfigName("all-minilm-l6-v2")).isEqualTo(LocalEmbeddingModel.ALL_MINILM_L6_V2);
        assertThatThrownBy(() -> LocalEmbeddingModel.fromConfigName("e5-large"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("all-minilm-l6-v2, bge-small-en-v1.5");
    }
}
