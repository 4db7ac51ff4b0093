package dev.strata.adapters.llm.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.strata.domain.languagemodel.Embedding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Vectors stored before this encoder existed came from langchain4j's {@code OnnxBertBiEncoder};
 * queries embedded now must land in the same space, so the two must agree number for number.
 */
class OnnxBertEncoderTest {

    private static final double TOLERANCE = 1e-5;

    private static final Map<LocalEmbeddingModel, EmbeddingModel> LANGCHAIN4J = Map.of(
            LocalEmbeddingModel.BGE_SMALL_EN_V15, new BgeSmallEnV15QuantizedEmbeddingModel(),
            LocalEmbeddingModel.ALL_MINILM_L6_V2, new AllMiniLmL6V2QuantizedEmbeddingModel());

    private static OnnxEmbedder bge;
    private static OnnxEmbedder miniLm;

    @BeforeAll
    static void load() {
        // Different budgets, so queries and documents run on two different sessions.
        bge = OnnxEmbedder.of(LocalEmbeddingModel.BGE_SMALL_EN_V15, false, 0, 1);
        miniLm = OnnxEmbedder.of(LocalEmbeddingModel.ALL_MINILM_L6_V2, false, 2, 1);
    }

    private static OnnxEmbedder ours(LocalEmbeddingModel model) {
        return model == LocalEmbeddingModel.BGE_SMALL_EN_V15 ? bge : miniLm;
    }

    /** Texts of every shape the worker and search send: questions, turns, a chunk, overlong, odd characters. */
    private static List<String> texts() {
        List<String> texts = new ArrayList<>(List.of(
                "When did Caroline go to the LGBTQ support group?",
                "What did Melanie paint?",
                "Melanie: I painted a sunrise over the lake last summer, it was so calming!",
                "bought BTC and ETH on base, stop at 58k",
                "山寨币崩了, altcoins dropped 20% overnight",
                "naïve café résumé — über 💥 emoji and tabs\tand\nnew lines",
                "x"));
        StringBuilder chunk = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            chunk.append("Sentence ").append(i).append(" of a long note about deployment windows and rollbacks. ");
        }
        texts.add(chunk.toString());
        StringBuilder overlong = new StringBuilder();
        for (int i = 0; i < 90; i++) {
            overlong.append("Paragraph ").append(i).append(" describes the unbelievably complicated reconciliation. ");
        }
        texts.add(overlong.toString());
        return texts;
    }

    @ParameterizedTest
    @EnumSource(LocalEmbeddingModel.class)
    void queries_and_documents_equal_langchain4js_vectors(LocalEmbeddingModel model) {
        EmbeddingModel reference = LANGCHAIN4J.get(model);
        List<String> texts = texts();
        List<Embedding> documents = ours(model).embedDocuments(texts);

        for (int i = 0; i < texts.size(); i++) {
            float[] expected = reference.embed(texts.get(i)).content().vector();
            assertThat(documents.get(i).vector()).as("document %d", i).containsExactly(expected,
                    org.assertj.core.data.Offset.offset((float) TOLERANCE));
            assertThat(ours(model).embedQuery(texts.get(i)).vector()).as("query %d", i).containsExactly(expected,
                    org.assertj.core.data.Offset.offset((float) TOLERANCE));
        }
    }

    @Test
    void the_instruction_prefix_is_embedded_like_langchain4j_embeds_the_prefixed_text() {
        OnnxEmbedder withInstruction = OnnxEmbedder.of(LocalEmbeddingModel.BGE_SMALL_EN_V15, true, 1, 1);
        String query = "What did Caroline research?";
        float[] expected = LANGCHAIN4J.get(LocalEmbeddingModel.BGE_SMALL_EN_V15)
                .embed(LocalEmbeddingModel.BGE_SMALL_EN_V15.queryInstruction() + query).content().vector();

        assertThat(withInstruction.embedQuery(query).vector()).containsExactly(expected,
                org.assertj.core.data.Offset.offset((float) TOLERANCE));
    }

    @Test
    void an_overlong_text_is_split_into_partitions_at_word_boundaries() {
        List<String> tokens = new ArrayList<>();
        tokens.add("[CLS]");
        for (int i = 0; i < 6; i++) {
            tokens.add("word");
            tokens.add("##piece");
        }
        tokens.add("[SEP]");

        List<List<String>> partitions = OnnxBertEncoder.partition(tokens, 5);

        // 5 would end inside "word ##piece": the cut moves back to the word's start.
        assertThat(partitions).extracting(List::size).containsExactly(4, 4, 4);
        assertThat(partitions).allSatisfy(p -> assertThat(p.getFirst()).isEqualTo("word"));
    }
}
