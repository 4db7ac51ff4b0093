package dev.strata.bootstrap.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 13: every row with a target says pass or FAIL, so a missed target cannot read as met. */
class BenchReportTest {

    private static MemoryBenchmark.Run run(double batchPerS, double rawPerS, double httpP50, double rssMb) {
        return new MemoryBenchmark.Run(10_000, 1.0, 1.4, 2.1, httpP50, batchPerS, 2100, rawPerS, 0.8, rssMb, 1.2, 6.6,
                new LearningBenchmark.Figures(10.0, 0.4, 0.5, 0.01, 0.07));
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
}
