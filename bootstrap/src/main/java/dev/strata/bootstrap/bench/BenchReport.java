package dev.strata.bootstrap.bench;

import java.util.List;
import java.util.Locale;

/** Renders benchmark runs as the README's table or as the documented JSON object. */
public final class BenchReport {

    private BenchReport() {
    }

    public static String table(List<MemoryBenchmark.Run> runs) {
        StringBuilder out = new StringBuilder();
        out.append("| N | metric | Strata | raw SQLite | Strata/raw | target |\n");
        out.append("|---|---|---|---|---|---|\n");
        for (MemoryBenchmark.Run r : runs) {
            row(out, r.n(), "search p50 (ms, in process, right after the load)", r.uncompactedSearchP50Ms(), Double.NaN,
                    "");
            row(out, r.n(), "index compaction (ms)", r.indexCompactionMs(), Double.NaN, "");
            row(out, r.n(), "search p50 (ms, in process)", r.searchP50Ms(), r.rawFtsP50Ms(), "<= 1.5x raw");
            row(out, r.n(), "search p95 (ms, in process)", r.searchP95Ms(), Double.NaN, "");
            row(out, r.n(), "search p50 (ms, over HTTP)", r.httpSearchP50Ms(), Double.NaN, "< 5 ms");
            row(out, r.n(), "batched write (memories/s)", r.writeBatchPerS(), r.rawInsertPerS(), ">= 0.5x raw");
            row(out, r.n(), "single write (memories/s)", r.writeSinglePerS(), Double.NaN, "");
            row(out, r.n(), "snapshot p50 (ms)", r.snapshotP50Ms(), Double.NaN, "< 5 ms");
            row(out, r.n(), "resident memory (MB)", r.rssMb(), Double.NaN, "< 300 MB");
            LearningBenchmark.Figures l = r.learning();
            row(out, r.n(), "trade outcome, " + LearningBenchmark.ATTRIBUTED + " methodologies attributed, p50 (ms)",
                    l.outcomeP50Ms(), l.rawOutcomeP50Ms(), "");
            row(out, r.n(), "compiled page p50 (ms, cold)", l.pageColdP50Ms(), l.rawPageP50Ms(), "");
            row(out, r.n(), "compiled page p50 (ms, cached)", l.pageCachedP50Ms(), l.rawPageP50Ms(), "");
        }
        return out.toString();
    }

    static void row(StringBuilder out, int n, String metric, double strata, double raw, String target) {
        out.append("| ").append(n).append(" | ").append(metric).append(" | ").append(num(strata)).append(" | ")
                .append(Double.isNaN(raw) ? "" : num(raw)).append(" | ")
                .append(Double.isNaN(raw) ? "" : String.format(Locale.ROOT, "%.2f", strata / raw)).append(" | ")
                .append(target).append(" |\n");
    }

    static String num(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3f", v);
    }

    public static String json(List<MemoryBenchmark.Run> runs) {
        StringBuilder out = new StringBuilder("{\"runs\": [");
        for (int i = 0; i < runs.size(); i++) {
            MemoryBenchmark.Run r = runs.get(i);
            out.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT,
                    "{\"n\": %d, \"search_p50_ms\": %.4f, \"search_p95_ms\": %.4f, \"raw_fts_p50_ms\": %.4f, "
                            + "\"http_search_p50_ms\": %.4f, \"write_batch_per_s\": %.1f, \"write_single_per_s\": %.1f, "
                            + "\"raw_insert_per_s\": %.1f, \"snapshot_p50_ms\": %.4f, \"rss_mb\": %.1f, "
                            + "\"uncompacted_search_p50_ms\": %.4f, \"index_compaction_ms\": %.1f, "
                            + "\"outcome_p50_ms\": %.4f, \"raw_outcome_p50_ms\": %.4f, \"compiled_page_cold_p50_ms\": %.4f, "
                            + "\"compiled_page_cached_p50_ms\": %.4f, \"raw_compiled_page_p50_ms\": %.4f}",
                    r.n(), r.searchP50Ms(), r.searchP95Ms(), r.rawFtsP50Ms(), r.httpSearchP50Ms(), r.writeBatchPerS(),
                    r.writeSinglePerS(), r.rawInsertPerS(), r.snapshotP50Ms(), r.rssMb(), r.uncompactedSearchP50Ms(),
                    r.indexCompactionMs(), r.learning().outcomeP50Ms(), r.learning().rawOutcomeP50Ms(),
                    r.learning().pageColdP50Ms(), r.learning().pageCachedP50Ms(), r.learning().rawPageP50Ms()));
        }
        return out.append("]}").toString();
    }
}
