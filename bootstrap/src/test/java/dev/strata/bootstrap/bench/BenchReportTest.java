package dev.strata.bootstrap.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 13: every row with a target says pass or FAIL, so a missed target cannot read as met. */
class BenchReportTest {

    private static MemoryBenchmark.Run run(double batchPerS, double rawPerS, double httpP50, double rssMb) {
        return run(batchPerS, rawPerS, httpP50, rssMb, new McpBenchmark.Figures(0.9, 1.5, 0.8, 1.2));
    }

    private static MemoryBenchmark.Run run(double batchPerS, double rawPerS, double httpP50, double rssMb,
                                           McpBenchmark.Figures mcp) {
        return new MemoryBenchmark.Run(10_000, 1.0, 1.4, 2.1, httpP50, batchPerS, 2100, rawPerS, 0.8, rssMb, 1.2, 6.6,
                new LearningBenchmark.Figures(10.0, 0.4, 0.5, 0.01, 0.07), mcp);
    }

    private static String rowOf(String table, String metric) {
        return table.lines().filter(l -> l.contains("| " + metric + " |")).findFirst().orElseThrow();
    }

    @Test
    void a_batched_write_below_half_of_raw_is_marked_fail_and_above_it_pass() {
        String missed = BenchReport.table(List.of(run(16_743, 38_979, 1.6, 138)));
        String met = BenchReport.table(List.of(run(21_876, 38_365, 1.6, 138)));

        assertThat(rowOf(missed, "batched write (memories/s)")).endsWith("| >= 0.5x raw | FAIL |");
        assertThat(rowOf(met, "batched write (memories/s)")).endsWith("| >= 0.5x raw | pass |");
    }

    @Test
    void absolute_targets_are_judged_and_rows_without_a_target_have_no_verdict() {
        String table = BenchReport.table(List.of(run(21_876, 38_365, 7.5, 320)));

        assertThat(table.lines().findFirst().orElseThrow()).endsWith("| target | verdict |");
        assertThat(rowOf(table, "search p50 (ms, over HTTP)")).endsWith("| < 5 ms | FAIL |");
        assertThat(rowOf(table, "resident memory (MB)")).endsWith("| < 300 MB | FAIL |");
        assertThat(rowOf(table, "snapshot p50 (ms)")).endsWith("| < 5 ms | pass |");
        assertThat(rowOf(table, "search p50 (ms, in process)")).endsWith("| <= 1.5x raw | pass |");
        assertThat(rowOf(table, "single write (memories/s)")).endsWith("|  |  |");
    }

    @Test
    void the_mcp_tool_call_is_judged_against_the_same_call_over_rest_in_a_table_of_its_own() {
        String close = BenchReport.table(List.of(run(21_876, 38_365, 1.6, 138, new McpBenchmark.Figures(1.1, 2.0, 0.8, 1.5))));
        String slow = BenchReport.table(List.of(run(21_876, 38_365, 1.6, 138, new McpBenchmark.Figures(1.3, 2.0, 0.8, 1.5))));

        assertThat(close).contains("| N | memory_search tool call | over /mcp | over /v1/tools | MCP/REST | target | verdict |");
        assertThat(rowOf(close, "p50 (ms, over HTTP, same run)")).isEqualTo(
                "| 10000 | p50 (ms, over HTTP, same run) | 1.100 | 0.800 | 1.38 | <= 1.5x REST | pass |");
        assertThat(rowOf(slow, "p50 (ms, over HTTP, same run)")).endsWith("| 1.63 | <= 1.5x REST | FAIL |");
        assertThat(rowOf(close, "p95 (ms, over HTTP, same run)")).endsWith("| 2.000 | 1.500 | 1.33 |  |  |");
        assertThat(BenchReport.json(List.of(run(1, 1, 1, 1)))).contains("\"mcp_tool_p50_ms\": 0.9000",
                "\"rest_tool_p50_ms\": 0.8000");
    }
}
