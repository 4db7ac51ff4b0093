package dev.strata.adapters.llm.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.model.Embedding;
import dev.strata.domain.model.EmbeddingPurpose;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class OnnxEmbedderTest {

    private static OnnxEmbedder embedder;

    @BeforeAll
    static void loadModelOnce() {
        embedder = OnnxEmbedder.bgeSmallEnV15();
    }

    private static double norm(Embedding embedding) {
        double sum = 0;
        for (float value : embedding.vector()) {
            sum += value * value;
        }
        return Math.sqrt(sum);
    }

    @Test
    void describesTheBundledModel() {
        assertThat(embedder.modelInfo()).hasValueSatisfying(info -> {
            assertThat(info.provider()).isEqualTo("local");
            assertThat(info.modelId()).isEqualTo("bge-small-en-v1.5-q");
            assertThat(info.dimension()).isEqualTo(384);
        });
        assertThat(embedder.isEnabled()).isTrue();
    }

    @Test
    void producesUnitLengthVectorsOfTheModelsDimension() {
        Embedding embedding = embedder.embedQuery("What did we decide about token expiry?");

        assertThat(embedding.dimension()).isEqualTo(384);
        assertThat(norm(embedding)).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-3));
    }

    @Test
    void ranksAParaphraseAboveAnUnrelatedPassage() {
        List<Embedding> passages = embedder.embedDocuments(List.of(
                "We chose JWT bearer tokens with a one hour expiry for API authentication.",
                "The cafeteria serves lunch from noon until two o'clock.",
                "Altcoins dropped sharply overnight while bitcoin held its range."));

        Embedding auth = embedder.embedQuery("how do clients log in to the API?");
        Embedding crash = embedder.embedQuery("crypto market crash last night");

        assertThat(auth.cosineSimilarity(passages.get(0)))
                .isGreaterThan(auth.cosineSimilarity(passages.get(1)))
                .isGreaterThan(auth.cosineSimilarity(passages.get(2)));
        assertThat(crash.cosineSimilarity(passages.get(2)))
                .isGreaterThan(crash.cosineSimilarity(passages.get(0)))
                .isGreaterThan(crash.cosineSimilarity(passages.get(1)));
    }

    @Test
    void appliesTheQueryInstructionToQueriesOnly() {
        String text = "deployment freeze on Fridays";

        Embedding asQuery = embedder.embedQuery(text);
        Embedding asDocument = embedder.embedDocuments(List.of(text)).getFirst();
        Embedding instructedDocument = embedder.embedDocuments(List.of(OnnxEmbedder.BGE_QUERY_INSTRUCTION + text)).getFirst();

        assertThat(asQuery).isNotEqualTo(asDocument);
        assertThat(asQuery.cosineSimilarity(instructedDocument)).isGreaterThan(0.9999);
    }

    @Test
    void embedsABatchLikeSingleTextsInTheSameOrder() {
        List<String> texts = List.of("first memory about databases", "second memory about holidays", "third one");

        List<Embedding> batch = embedder.embedDocuments(texts);

        assertThat(batch).hasSize(3);
        for (int i = 0; i < texts.size(); i++) {
            Embedding single = embedder.embedDocuments(List.of(texts.get(i))).getFirst();
            assertThat(batch.get(i).cosineSimilarity(single)).isGreaterThan(0.9999);
        }
    }

    @Test
    void isSafeToCallFromSeveralThreads() throws Exception {
        List<String> texts = List.of("alpha beta gamma", "the quick brown fox", "rate limits on the gateway");
        List<Embedding> reference = embedder.embedDocuments(texts);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Embedding>>> results = new java.util.ArrayList<>();
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
    void answersAnEmptyBatchWithoutWorkAndRejectsBlankTexts() {
        assertThat(embedder.embedDocuments(List.of())).isEmpty();
        assertThatThrownBy(() -> embedder.embedDocuments(List.of("  "))).isInstanceOf(InvalidInputException.class);
    }
}
