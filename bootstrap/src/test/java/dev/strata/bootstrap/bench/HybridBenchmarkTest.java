package dev.strata.bootstrap.bench;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataSettings;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 19: the hybrid benchmark on a small real corpus with the in-process model. The first run builds and
 * embeds the corpus under the work directory, the second reuses it; the JSON carries the documented fields.
 */
class HybridBenchmarkTest {

    @TempDir
    Path work;

    @Test
    void a_second_run_reuses_the_corpus_and_the_json_carries_the_hybrid_fields() throws Exception {
        StrataSettings defaults = SettingsLoader.fromDefaults().load();
        StrataSettings settings = defaults.with(defaults.embedding().withProvider(EmbeddingProvider.LOCAL));
        List<String> firstProgress = new ArrayList<>();
        List<String> secondProgress = new ArrayList<>();

        HybridBenchmark.Figures first = new HybridBenchmark(settings, 1, firstProgress::add, 40, 1)
                .run(List.of(1_000), work).getFirst();
        HybridBenchmark.Figures second = new HybridBenchmark(settings, 1, secondProgress::add, 40, 1)
                .run(List.of(1_000), work).getFirst();

        assertThat(first.corpusReused()).isFalse();
        assertThat(second.corpusReused()).isTrue();
        assertThat(second.corpusBuildSeconds()).isEqualTo(first.corpusBuildSeconds());
        assertThat(first.vectors()).isEqualTo(1_000);
        assertThat(firstProgress).anyMatch(line -> line.contains("building the corpus"));
        assertThat(secondProgress).noneMatch(line -> line.contains("building the corpus"))
                .anyMatch(line -> line.contains("corpus reused"));
        assertThat(Files.list(work.resolve("hybrid"))).hasSize(1);
        assertThat(work.resolve("hybrid-writes")).doesNotExist();

        JsonObject run = Json.createReader(new StringReader(HybridReport.json(List.of(first, second)))).readArray()
                .getJsonObject(1);
        assertThat(run.getInt("n")).isEqualTo(1_000);
        assertThat(run.getInt("tenants")).isEqualTo(1);
        assertThat(run.getBoolean("corpus_reused")).isTrue();
        for (String field : List.of("hybrid_search_p50_ms", "hybrid_search_p95_ms", "vector_knn_p50_ms",
                "keyword_search_p50_ms", "raw_fts_p50_ms", "query_embedding_p50_ms", "write_embedded_batch_per_s",
                "raw_insert_per_s", "rss_mb")) {
            assertThat(run.getJsonNumber(field).doubleValue()).as(field).isPositive();
        }
        assertThat(run.getJsonNumber("hybrid_search_p95_ms").doubleValue())
                .isGreaterThanOrEqualTo(run.getJsonNumber("hybrid_search_p50_ms").doubleValue());
    }

    @Test
    void from_a_million_memories_the_corpus_is_spread_over_a_hundred_tenants() {
        assertThat(HybridBenchmark.tenants(100_000)).isEqualTo(1);
        assertThat(HybridBenchmark.tenants(1_000_000)).isEqualTo(100);
        assertThat(HybridBenchmark.tenant(7, 100).value()).isEqualTo("bench-007");
        assertThat(HybridBenchmark.tenant(0, 1).value()).isEqualTo("bench");
    }

    @Test
    void the_corpus_key_names_the_model_so_switching_models_never_reuses_vectors() {
        StrataSettings defaults = SettingsLoader.fromDefaults().load();
        String local = HybridBenchmark.modelKey(defaults.embedding().withProvider(EmbeddingProvider.LOCAL));

        assertThat(local).startsWith("local:").contains(defaults.embedding().local().model().name());
    }

    /** Builds figures for the report tests. */
    static HybridBenchmark.Figures figures(double hybridP95, double knnP50, double writePerS, double rawPerS,
                                           double rss, boolean reused) {
        return new HybridBenchmark.Figures(100_000, 1, reused, 412, 100_000, 12, hybridP95, 3, 5, 20, knnP50,
                knnP50 * 2, 4, 10_000, writePerS, rawPerS, rss, 3_000, 40, 0.99, 47, 900);
    }

    static JsonArray parse(String json) {
        return Json.createReader(new StringReader(json)).readArray();
    }
}
