package dev.strata.bootstrap.bench;

import java.util.List;
import java.util.Locale;
import java.util.function.BiPredicate;

/**
 * Renders benchmark runs as the README's table or as the documented JSON object. Every row with a target
 * says whether the run met it ({@code pass} or {@code FAIL}), so no figure that misses its target can be
 * shown as if it met it.
 */
public final class BenchReport {

    /** A row's target: how it reads in the table and whether a measurement (and its raw baseline) meets it. */
    record Target(String text, BiPredicate<Double, Double> met) {

        static final Target NONE = new Target("", (v, raw) -> true);

        static Target atMost(double limit, String unit) {
            return new Target("< " + plain(limit) + " " + unit, (v, raw) -> v < limit);
        }

        /** Met at the limit itself too: issue 19's targets read "<= 25 ms", "<= 500 MB". */
        static Target noMoreThan(double limit, String unit) {
            return new Target("<= " + plain(limit) + " " + unit, (v, raw) -> v <= limit);
        }

        static Target atMostTimesRaw(double ratio) {
            return new Target("<= " + plain(ratio) + "x raw", (v, raw) -> v <= ratio * raw);
        }

        static Target atLeastTimesRaw(double ratio) {
            return new Target(">= " + plain(ratio) + "x raw", (v, raw) -> v >= ratio * raw);
        }

        String verdict(double value, double raw) {
            if (this == NONE) {
                return "";
            }
            return !Double.isNaN(value) && met.test(value, raw) ? "pass" : "FAIL";
        }

        private static String plain(double v) {
            return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
        }
    }

    private BenchReport() {
    }

    public static String table(List<MemoryBenchmark.Run> runs) {
        StringBuilder out = new StringBuilder();
        out.append("| N | metric | Strata | raw SQLite | Strata/raw | target | verdict |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        for (MemoryBenchmark.Run r : runs) {
            row(out, r.n(), "search p50 (ms, in process, right after the load)", r.uncompactedSearchP50Ms(), Double.NaN,
                    Target.NONE);
            row(out, r.n(), "index compaction (ms)", r.indexCompactionMs(), Double.NaN, Target.NONE);
            row(out, r.n(), "search p50 (ms, in process)", r.searchP50Ms(), r.rawFtsP50Ms(), Target.atMostTimesRaw(1.5));
            row(out, r.n(), "search p95 (ms, in process)", r.searchP95Ms(), Double.NaN, Target.NONE);
            row(out, r.n(), "search p50 (ms, over HTTP)", r.httpSearchP50Ms(), Double.NaN, Target.atMost(5, "ms"));
            row(out, r.n(), "batched write (memories/s)", r.writeBatchPerS(), r.rawInsertPerS(),
                    Target.atLeastTimesRaw(0.5));
            row(out, r.n(), "single write (memories/s)", r.writeSinglePerS(), Double.NaN, Target.NONE);
            row(out, r.n(), "snapshot p50 (ms)", r.snapshotP50Ms(), Double.NaN, Target.atMost(5, "ms"));
            row(out, r.n(), "resident memory (MB)", r.rssMb(), Double.NaN, Target.atMost(300, "MB"));
            LearningBenchmark.Figures l = r.learning();
            row(out, r.n(), "trade outcome, " + LearningBenchmark.ATTRIBUTED + " methodologies attributed, p50 (ms)",
                    l.outcomeP50Ms(), l.rawOutcomeP50Ms(), Target.NONE);
            row(out, r.n(), "compiled page p50 (ms, cold)", l.pageColdP50Ms(), l.rawPageP50Ms(), Target.NONE);
            row(out, r.n(), "compiled page p50 (ms, cached)", l.pageCachedP50Ms(), l.rawPageP50Ms(), Target.NONE);
        }
        out.append("\n| N | memory_search tool call | over /mcp | over /v1/tools | MCP/REST | target | verdict |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        for (MemoryBenchmark.Run r : runs) {
            McpBenchmark.Figures m = r.mcp();
            row(out, r.n(), "p50 (ms, over HTTP, same run)", m.mcpP50Ms(), m.restP50Ms(), MCP_OVER_REST);
            row(out, r.n(), "p95 (ms, over HTTP, same run)", m.mcpP95Ms(), m.restP95Ms(), Target.NONE);
        }
        return out.toString();
    }

    /** JSON-RPC's envelope may cost something over REST, never a different order of magnitude. */
    static final Target MCP_OVER_REST = new Target("<= 1.5x REST", (mcp, rest) -> mcp <= 1.5 * rest);

    static void row(StringBuilder out, int n, String metric, double strata, double raw, Target target) {
        out.append("| ").append(n).append(" | ").append(metric).append(" | ").append(num(strata)).append(" | ")
                .append(Double.isNaN(raw) ? "" : num(raw)).append(" | ")
                .append(Double.isNaN(raw) ? "" : String.format(Locale.ROOT, "%.2f", strata / raw)).append(" | ")
                .append(target.text()).append(" | ").append(target.verdict(strata, raw)).append(" |\n");
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
                            + "\"compiled_page_cached_p50_ms\": %.4f, \"raw_compiled_page_p50_ms\": %.4f, "
                            + "\"mcp_tool_p50_ms\": %.4f, \"mcp_tool_p95_ms\": %.4f, \"rest_tool_p50_ms\": %.4f, "
                            + "\"rest_tool_p95_ms\": %.4f}",
                    r.n(), r.searchP50Ms(), r.searchP95Ms(), r.rawFtsP50Ms(), r.httpSearchP50Ms(), r.writeBatchPerS(),
                    r.writeSinglePerS(), r.rawInsertPerS(), r.snapshotP50Ms(), r.rssMb(), r.uncompactedSearchP50Ms(),
                    r.indexCompactionMs(), r.learning().outcomeP50Ms(), r.learning().rawOutcomeP50Ms(),
                    r.learning().pageColdP50Ms(), r.learning().pageCachedP50Ms(), r.learning().rawPageP50Ms(),
                    r.mcp().mcpP50Ms(), r.mcp().mcpP95Ms(), r.mcp().restP50Ms(), r.mcp().restP95Ms()));
        }
        return out.append("]}").toString();
    }
}
