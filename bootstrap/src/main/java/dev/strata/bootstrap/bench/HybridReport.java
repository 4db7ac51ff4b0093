package dev.strata.bootstrap.bench;

import java.util.List;
import java.util.Locale;

/**
 * Renders the hybrid benchmark ({@link HybridBenchmark}) as rows of the bench table, each target judged
 * {@code pass} or {@code FAIL}, and as the {@code "hybrid"} array of {@code strata bench --json}.
 */
public final class HybridReport {

    static final double HYBRID_P95_TARGET_MS = 25;
    static final double KNN_P50_TARGET_MS = 5;
    static final double WRITE_RATIO_TARGET = 0.5;
    static final double RSS_TARGET_MB = 500;

    private HybridReport() {
    }

    public static String table(List<HybridBenchmark.Figures> runs) {
        StringBuilder out = new StringBuilder();
        out.append("| N | metric | Strata | raw SQLite | Strata/raw | target | verdict |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        for (HybridBenchmark.Figures f : runs) {
            out.append("| ").append(f.n()).append(" | corpus: ").append(corpus(f)).append(" |  |  |  |  |  |\n");
            BenchReport.row(out, f.n(), "hybrid search p50 (ms, query embedding included)", f.hybridP50Ms(),
                    f.rawFtsP50Ms(), BenchReport.Target.NONE);
            BenchReport.row(out, f.n(), "hybrid search p95 (ms, query embedding included)", f.hybridP95Ms(), Double.NaN,
                    BenchReport.Target.noMoreThan(HYBRID_P95_TARGET_MS, "ms"));
            BenchReport.row(out, f.n(), "keyword search p50 (ms, same ranker)", f.keywordP50Ms(), f.rawFtsP50Ms(),
                    BenchReport.Target.NONE);
            BenchReport.row(out, f.n(), "keyword search p95 (ms)", f.keywordP95Ms(), Double.NaN, BenchReport.Target.NONE);
            BenchReport.row(out, f.n(), "query embedding p50 (ms)", f.queryEmbeddingP50Ms(), Double.NaN,
                    BenchReport.Target.NONE);
            BenchReport.row(out, f.n(), "vector KNN p50 (ms, one tenant; raw = sqlite-vec's exact scan)",
                    f.vectorKnnP50Ms(), f.vectorScanP50Ms(), BenchReport.Target.noMoreThan(KNN_P50_TARGET_MS, "ms"));
            BenchReport.row(out, f.n(), "vector KNN p95 (ms)", f.vectorKnnP95Ms(), Double.NaN, BenchReport.Target.NONE);
            BenchReport.row(out, f.n(), "vector KNN recall of the exact top candidate-depth (%)",
                    100 * f.vectorRecall(), Double.NaN, BenchReport.Target.NONE);
            BenchReport.row(out, f.n(), "in-memory vector index heap (MB, 0 = off)", f.vectorIndexMb(), Double.NaN,
                    BenchReport.Target.NONE);
            BenchReport.row(out, f.n(), "first vector search of the tenant (ms, loads it into memory)",
                    f.vectorIndexLoadMs(), Double.NaN, BenchReport.Target.NONE);
            BenchReport.row(out, f.n(), "batched write with embeddings (memories/s, " + f.writeSample() + " written)",
                    f.writeWithEmbeddingsPerS(), f.rawInsertPerS(), BenchReport.Target.atLeastTimesRaw(WRITE_RATIO_TARGET));
            // A corpus built in this process leaves the heap the build grew to (the serial collector gives it
            // back only at a full collection): the reader must know the figure holds more than searching needs.
            BenchReport.row(out, f.n(), "resident memory with the model loaded (MB"
                    + (f.corpusReused() ? ")" : ", the corpus built in this process)"), f.rssMb(), Double.NaN,
                    BenchReport.Target.noMoreThan(RSS_TARGET_MB, "MB"));
        }
        return out.toString();
    }

    /** Whether the corpus was reused, so a reader knows if the run paid for embedding it. */
    static String corpus(HybridBenchmark.Figures f) {
        return String.format(Locale.ROOT,
                "%s, %d memories in %d tenant%s (%d distinct texts), %d chunk vectors (%s %.0f s)",
                f.corpusReused() ? "reused" : "built", f.n(), f.tenants(), f.tenants() == 1 ? "" : "s",
                f.distinctTexts(), f.vectors(),
                f.corpusReused() ? "built earlier in" : "writing and embedding took", f.corpusBuildSeconds());
    }

    public static String json(List<HybridBenchmark.Figures> runs) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < runs.size(); i++) {
            HybridBenchmark.Figures f = runs.get(i);
            out.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT,
                    "{\"n\": %d, \"tenants\": %d, \"distinct_texts\": %d, \"corpus_reused\": %b, "
                            + "\"corpus_build_s\": %.1f, \"vectors\": %d, "
                            + "\"hybrid_search_p50_ms\": %.4f, \"hybrid_search_p95_ms\": %.4f, "
                            + "\"keyword_search_p50_ms\": %.4f, \"keyword_search_p95_ms\": %.4f, "
                            + "\"raw_fts_p50_ms\": %.4f, \"vector_knn_p50_ms\": %.4f, \"vector_knn_p95_ms\": %.4f, "
                            + "\"query_embedding_p50_ms\": %.4f, \"write_sample\": %d, "
                            + "\"write_embedded_batch_per_s\": %.1f, \"raw_insert_per_s\": %.1f, \"rss_mb\": %.1f, "
                            + "\"vector_scan_p50_ms\": %.4f, \"vector_recall\": %.4f, \"vector_index_mb\": %.1f, "
                            + "\"vector_index_load_ms\": %.1f}",
                    f.n(), f.tenants(), f.distinctTexts(), f.corpusReused(), f.corpusBuildSeconds(), f.vectors(),
                    f.hybridP50Ms(),
                    f.hybridP95Ms(), f.keywordP50Ms(), f.keywordP95Ms(), f.rawFtsP50Ms(), f.vectorKnnP50Ms(),
                    f.vectorKnnP95Ms(), f.queryEmbeddingP50Ms(), f.writeSample(), f.writeWithEmbeddingsPerS(),
                    f.rawInsertPerS(), f.rssMb(), f.vectorScanP50Ms(), f.vectorRecall(), f.vectorIndexMb(),
                    f.vectorIndexLoadMs()));
        }
        return out.append("]").toString();
    }
}
