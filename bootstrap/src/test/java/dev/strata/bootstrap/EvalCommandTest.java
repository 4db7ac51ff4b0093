package dev.strata.bootstrap;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code strata eval locomo} on a tiny LoCoMo-format fixture (the real data set is far too big for CI). */
class EvalCommandTest {

    private static Path fixture() throws URISyntaxException {
        return Path.of(EvalCommandTest.class.getResource("/locomo-tiny.json").toURI());
    }

    @Test
    void every_mode_reports_recall_at_each_k_per_category_and_latency() throws Exception {
        Cli run = Cli.run("eval", "locomo", fixture().toString(), "--json", "--embedding-provider", "local");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonObject report = Json.createReader(new StringReader(run.out())).readObject();
        assertThat(report.keySet()).containsExactlyInAnyOrder("bm25", "vector", "hybrid");
        for (String mode : report.keySet()) {
            JsonObject m = report.getJsonObject(mode);
            JsonObject overall = m.getJsonObject("overall");
            assertThat(overall.getInt("questions")).isEqualTo(5);
            assertThat(overall.keySet()).contains("recall@5", "recall@10", "recall@25", "recall@50");
            assertThat(overall.getJsonNumber("recall@10").doubleValue()).isBetween(0.0, 100.0);
            assertThat(m.getJsonObject("by_category").keySet()).containsExactlyInAnyOrder("1", "2", "4", "5");
            assertThat(m.getJsonNumber("p95_ms").doubleValue()).isGreaterThanOrEqualTo(
                    m.getJsonNumber("p50_ms").doubleValue());
        }
        // The vector arm ranks every turn and a conversation holds at most six: at k >= 6 nothing is missed.
        assertThat(report.getJsonObject("vector").getJsonObject("overall").getJsonNumber("recall@10").doubleValue())
                .isEqualTo(100.0);
        assertThat(report.getJsonObject("hybrid").getJsonObject("overall").getJsonNumber("recall@10").doubleValue())
                .isEqualTo(100.0);
        assertThat(report.getJsonObject("bm25").getJsonObject("by_category").getJsonObject("5")
                .getJsonNumber("recall@5").doubleValue()).as("a question without evidence counts as found")
                .isEqualTo(100.0);
    }

    @Test
    void keyword_only_runs_with_embeddings_disabled_and_prints_a_table() throws Exception {
        Cli run = Cli.run("eval", "locomo", fixture().toString(), "--modes", "bm25", "--embedding-provider", "disabled",
                "--limit-conversations", "1");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("bm25").contains("R@10").contains("overall").doesNotContain("hybrid");
    }

    @Test
    void vector_modes_with_embeddings_disabled_fail_with_a_reason() throws Exception {
        Cli run = Cli.run("eval", "locomo", fixture().toString(), "--modes", "hybrid", "--embedding-provider", "disabled");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("need embeddings");
    }

    @Test
    void a_floor_sweep_reports_recall_per_setting_and_the_leave_one_conversation_out_choice() throws Exception {
        Cli run = Cli.run("eval", "locomo", fixture().toString(), "--embedding-provider", "local",
                "--vector-min-similarity", "0,0.6", "--vector-similarity-window", "2,0.1");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("R@10 drop").contains("leave one conversation out").contains("pooled")
                .contains("chosen on all conversations");
        // four settings: 0/2, 0/0.1, 0.6/2, 0.6/0.1
        assertThat(run.out().lines().filter(l -> l.matches("^0\\.\\d\\d\\s+\\d\\.\\d\\d\\s.*"))).hasSize(4);
    }

    @Test
    void cross_validation_scores_each_conversation_at_the_setting_chosen_on_the_others() throws Exception {
        Path folds = Path.of(EvalCommandTest.class.getResource("/locomo-folds.json").toURI());
        Cli run = Cli.run("eval", "locomo", folds.toString(), "--embedding-provider", "local", "--cross-validate",
                "--rrf-k", "5,60", "--neighbour-weight", "0,0.3");

        assertThat(run.exitCode()).as(run.err()).isZero();
        // The shipped setting (rrf-k 5, neighbour weight 0.3) is the first row; the other three combinations follow.
        assertThat(run.out().lines().filter(l -> l.matches("^(shipped|k\\d+ n[\\d.]+ w[\\d.]+:1 d50( p[\\d.:]+)?)\\s+\\d.*")))
                .hasSize(4);
        assertThat(run.out().lines().filter(l -> l.matches("^fold-\\d\\s+\\d+\\s.*"))).as(run.out()).hasSize(3);
        assertThat(run.out()).contains("leave one conversation out").contains("tuned on all")
                .contains("cross-validated per category");
        String[] cv = run.out().lines().filter(l -> l.startsWith("cross-validated ")).findFirst().orElseThrow()
                .substring("cross-validated".length()).strip().split("\\s+");
        assertThat(cv).hasSize(4);
        assertThat(Double.parseDouble(cv[3])).isBetween(Double.parseDouble(cv[0]), 100.0);
    }

    @Test
    void grid_options_without_cross_validation_or_with_bad_values_are_refused() throws Exception {
        assertThat(Cli.run("eval", "locomo", fixture().toString(), "--rrf-k", "5").err()).contains("--cross-validate");
        assertThat(Cli.run("eval", "locomo", fixture().toString(), "--cross-validate", "--rrf-k", "0").err())
                .contains("--rrf-k");
        assertThat(Cli.run("eval", "locomo", fixture().toString(), "--cross-validate", "--arm-weights", "1").err())
                .contains("--arm-weights");
        assertThat(Cli.run("eval", "locomo", fixture().toString(), "--cross-validate", "--neighbour-weight", "2")
                .err()).contains("--neighbour-weight");
        assertThat(Cli.run("eval", "locomo", fixture().toString(), "--cross-validate", "--candidate-depth", "0")
                .exitCode()).isEqualTo(2);
        assertThat(Cli.run("eval", "locomo", fixture().toString(), "--passage", "1:1:1:1").err())
                .contains("--cross-validate");
        for (String bad : List.of("1:1:1", "1:1:x:1", "-1:1:1:1", "1:0:0:0", "1:11:1:1")) {
            Cli run = Cli.run("eval", "locomo", fixture().toString(), "--cross-validate", "--passage", bad);
            assertThat(run.exitCode()).as(bad).isEqualTo(2);
            assertThat(run.err()).as(bad).contains("--passage");
        }
    }

    @Test
    void a_passage_grid_names_each_passage_setting_in_its_rows() throws Exception {
        Path folds = Path.of(EvalCommandTest.class.getResource("/locomo-folds.json").toURI());
        Cli run = Cli.run("eval", "locomo", folds.toString(), "--embedding-provider", "local", "--cross-validate",
                "--passage", "0:1:1:1,1:1:0.5:0");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines().filter(l -> l.matches("^k5 n[\\d.]+ w[\\d.]+:1 d50 p1:1:0.5:0\\s+\\d.*")))
                .as(run.out()).hasSize(1);
        assertThat(run.out().lines().filter(l -> l.matches("^k5 n[\\d.]+ w[\\d.]+:1 d50\\s+\\d.*"))).as(run.out()).hasSize(1);
    }

    @Test
    void rankings_are_written_one_line_per_question_and_mode_with_evidence_and_ranked_turns(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("rankings.jsonl");
        Cli run = Cli.run("eval", "locomo", fixture().toString(), "--modes", "bm25", "--embedding-provider", "disabled",
                "--rankings", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonObject> lines = Files.readAllLines(out).stream()
                .map(l -> Json.createReader(new StringReader(l)).readObject()).toList();
        assertThat(lines).hasSize(5);
        JsonObject dog = lines.stream().filter(l -> l.getString("question").equals("What is the name of Mia's dog?"))
                .findFirst().orElseThrow();
        assertThat(dog.getString("conversation")).isEqualTo("conv-a");
        assertThat(dog.getString("mode")).isEqualTo("bm25");
        assertThat(dog.getInt("category")).isEqualTo(4);
        assertThat(dog.getJsonArray("evidence").getString(0)).isEqualTo("D1:1");
        // "Mia" is in the speaker of the turn: keyword search finds it, and only turns of conv-a are ranked.
        List<String> ranked = dog.getJsonArray("ranked").getValuesAs(jakarta.json.JsonString::getString);
        assertThat(ranked).contains("D1:1").isSubsetOf("D1:1", "D1:2", "D1:3", "D2:1", "D2:2", "D2:3");
        assertThat(lines).allSatisfy(l -> assertThat(l.getJsonArray("ranked").size()).isLessThanOrEqualTo(50));
    }

    @Test
    void rankings_outside_a_comparison_of_modes_or_in_no_directory_are_refused(@TempDir Path dir) throws Exception {
        Cli sweep = Cli.run("eval", "locomo", fixture().toString(), "--cross-validate", "--rankings",
                dir.resolve("r.jsonl").toString());
        assertThat(sweep.exitCode()).isEqualTo(2);
        assertThat(sweep.err()).contains("--rankings");
        Cli nowhere = Cli.run("eval", "locomo", fixture().toString(), "--modes", "bm25", "--rankings",
                dir.resolve("missing/r.jsonl").toString());
        assertThat(nowhere.exitCode()).isEqualTo(2);
        assertThat(nowhere.err()).contains("--rankings");
        Cli directory = Cli.run("eval", "locomo", fixture().toString(), "--modes", "bm25", "--rankings", dir.toString());
        assertThat(directory.err()).contains("--rankings");
    }

    @Test
    void bad_options_are_refused_naming_the_option() throws Exception {
        assertThat(Cli.run("eval", "locomo", fixture().toString(), "--vector-min-similarity", "0",
                "--vector-similarity-window", "3").err()).contains("--vector-similarity-window");
        assertThat(Cli.run("eval", "locomo", fixture().toString(), "--vector-min-similarity", "1.2").err())
                .contains("--vector-min-similarity");
        assertThat(Cli.run("eval", "locomo", "no-such-file.json").err()).contains("FILE");
        assertThat(Cli.run("eval", "locomo", "x.json", "--modes", "fuzzy").err()).contains("--modes");
        assertThat(Cli.run("eval", "locomo", "x.json", "--limit-conversations", "0").err())
                .contains("--limit-conversations");
    }
}
