package dev.strata.bootstrap.bench;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 19: the scale targets are judged in the bench table, pass or FAIL, and the JSON names each figure. */
class HybridReportTest {

    private static String rowOf(String table, String metricStart) {
        return table.lines().filter(l -> l.contains("| " + metricStart)).findFirst().orElseThrow();
    }

    @Test
    void each_scale_target_is_judged_pass_or_fail() {
        String met = HybridReport.table(List.of(HybridBenchmarkTest.figures(25, 5, 6_000, 10_000, 500, true)));
        String missed = HybridReport.table(List.of(HybridBenchmarkTest.figures(25.1, 5.2, 4_000, 10_000, 501, false)));

        assertThat(rowOf(met, "hybrid search p95")).endsWith("| <= 25 ms | pass |");
        assertThat(rowOf(missed, "hybrid search p95")).endsWith("| <= 25 ms | FAIL |");
        assertThat(rowOf(met, "vector KNN p50")).endsWith("| <= 5 ms | pass |");
        assertThat(rowOf(missed, "vector KNN p50")).endsWith("| <= 5 ms | FAIL |");
        assertThat(rowOf(met, "batched write with embeddings")).endsWith("| >= 0.5x raw | pass |");
        assertThat(rowOf(missed, "batched write with embeddings")).endsWith("| >= 0.5x raw | FAIL |");
        assertThat(rowOf(met, "resident memory with the model loaded")).endsWith("| <= 500 MB | pass |");
        assertThat(rowOf(missed, "resident memory with the model loaded")).endsWith("| <= 500 MB | FAIL |");
    }

    @Test
    void the_table_says_whether_the_corpus_was_reused() {
        String reused = HybridReport.table(List.of(HybridBenchmarkTest.figures(20, 4, 6_000, 10_000, 400, true)));
        String built = HybridReport.table(List.of(HybridBenchmarkTest.figures(20, 4, 6_000, 10_000, 400, false)));

        assertThat(rowOf(reused, "corpus: ")).contains("corpus: reused, 100000 memories in 1 tenant (3000 distinct texts)")
                .contains("built earlier in 412 s");
        assertThat(rowOf(built, "corpus: ")).contains("corpus: built,").contains("writing and embedding took 412 s");
        assertThat(rowOf(reused, "resident memory")).contains("resident memory with the model loaded (MB) |");
        assertThat(rowOf(built, "resident memory")).contains("(MB, the corpus built in this process) |");
    }

    @Test
    void the_json_names_the_issue_fields_per_size() {
        JsonObject run = HybridBenchmarkTest.parse(HybridReport.json(List.of(
                HybridBenchmarkTest.figures(20, 4, 6_000, 10_000, 400, true)))).getJsonObject(0);

        assertThat(run.getInt("n")).isEqualTo(100_000);
        assertThat(run.getJsonNumber("hybrid_search_p50_ms").doubleValue()).isEqualTo(12);
        assertThat(run.getJsonNumber("hybrid_search_p95_ms").doubleValue()).isEqualTo(20);
        assertThat(run.getJsonNumber("vector_knn_p50_ms").doubleValue()).isEqualTo(4);
        assertThat(run.getJsonNumber("vector_knn_p95_ms").doubleValue()).isEqualTo(8);
        assertThat(run.getJsonNumber("keyword_search_p50_ms").doubleValue()).isEqualTo(3);
        assertThat(run.getJsonNumber("raw_fts_p50_ms").doubleValue()).isEqualTo(20);
        assertThat(run.getJsonNumber("write_embedded_batch_per_s").doubleValue()).isEqualTo(6_000);
        assertThat(run.getJsonNumber("raw_insert_per_s").doubleValue()).isEqualTo(10_000);
        assertThat(run.getJsonNumber("rss_mb").doubleValue()).isEqualTo(400);
        assertThat(run.getBoolean("corpus_reused")).isTrue();
        assertThat(run.getInt("distinct_texts")).isEqualTo(3_000);
        assertThat(HybridReport.json(List.of())).isEqualTo("[]");
    }
}
