package dev.strata.bootstrap.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LoadReportTest {

    @Test
    void percentiles_are_nearest_rank() {
        long[] ms = new long[100];
        for (int i = 0; i < 100; i++) {
            ms[i] = (i + 1) * 1_000_000L;
        }
        assertThat(LoadReport.percentile(ms, 50)).isEqualTo(50.0);
        assertThat(LoadReport.percentile(ms, 95)).isEqualTo(95.0);
        assertThat(LoadReport.percentile(ms, 99)).isEqualTo(99.0);
        assertThat(LoadReport.percentile(new long[0], 99)).isZero();
    }

    @Test
    void server_errors_and_missing_answers_fail_the_run_but_client_errors_do_not() {
        LoadReport.Tally a = new LoadReport.Tally();
        a.record(LoadGenerator.Op.WRITE, 201, 1_000_000);
        a.record(LoadGenerator.Op.DELETE, 404, 1_000_000);
        LoadReport clean = LoadReport.of(List.of(a), 1.0, 1);
        assertThat(clean.serverErrors()).isZero();
        assertThat(clean.table()).contains("| delete | 1 | 1 | 1.0 | 1.0 | 1.0 | 404 x1 |");

        LoadReport.Tally b = new LoadReport.Tally();
        b.record(LoadGenerator.Op.SEARCH, 503, 2_000_000);
        b.record(LoadGenerator.Op.SNAPSHOT, LoadReport.TRANSPORT_ERROR, 2_000_000);
        LoadReport failed = LoadReport.of(List.of(a, b), 2.0, 2);
        assertThat(failed.serverErrors()).isEqualTo(2);
        assertThat(failed.table()).contains("| all | 4 | 2 |", "404 x1", "503 x1", "no answer x1");
    }
}
