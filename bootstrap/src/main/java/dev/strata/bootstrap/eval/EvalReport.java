package dev.strata.bootstrap.eval;

import dev.strata.application.retrieval.RetrievalMode;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Recall@k per category and overall, and query latency, for each retrieval mode. */
public record EvalReport(Map<RetrievalMode, ModeResult> modes) {

    public EvalReport {
        modes = Map.copyOf(modes);
    }

    /**
     * @param overall    mean recall (percent) per k over every question
     * @param byCategory the same per LoCoMo category
     */
    public record ModeResult(Recall overall, Map<Integer, Recall> byCategory, double p50Millis, double p95Millis) {

        public ModeResult {
            byCategory = Map.copyOf(byCategory);
        }
    }

    /** Mean recall in percent at k = 5, 10, 25, 50, over {@code questions} questions. */
    public record Recall(double[] percent, int questions) {

        public Recall {
            percent = percent.clone();
        }

        @Override
        public double[] percent() {
            return percent.clone();
        }
    }

    public String table() {
        StringBuilder out = new StringBuilder();
        for (RetrievalMode mode : RetrievalMode.values()) {
            ModeResult r = modes.get(mode);
            if (r == null) {
                continue;
            }
            out.append(String.format(Locale.ROOT, "%n%s   (query p50 %.1f ms, p95 %.1f ms)%n", mode.configName(),
                    r.p50Millis(), r.p95Millis()));
            out.append(String.format(Locale.ROOT, "%-12s %6s %6s %6s %6s %6s%n", "category", "n", "R@5", "R@10",
                    "R@25", "R@50"));
            new TreeMap<>(r.byCategory()).forEach((c, recall) -> row(out, categoryLabel(c), recall));
            row(out, "overall", r.overall());
        }
        return out.toString();
    }

    /** A LoCoMo category with its name: "2 temporal" (the temporal category is reported on its own line). */
    public static String categoryLabel(int category) {
        return switch (category) {
            case 1 -> "1 multi-hop";
            case 2 -> "2 temporal";
            case 3 -> "3 open";
            case 4 -> "4 single-hop";
            case 5 -> "5 adversar.";
            default -> String.valueOf(category);
        };
    }

    private static void row(StringBuilder out, String label, Recall recall) {
        double[] p = recall.percent();
        out.append(String.format(Locale.ROOT, "%-12s %6d %6.1f %6.1f %6.1f %6.1f%n", label, recall.questions(), p[0],
                p[1], p[2], p[3]));
    }

    public String json() {
        JsonObjectBuilder root = Json.createObjectBuilder();
        for (RetrievalMode mode : RetrievalMode.values()) {
            ModeResult r = modes.get(mode);
            if (r == null) {
                continue;
            }
            JsonObjectBuilder categories = Json.createObjectBuilder();
            new TreeMap<>(r.byCategory()).forEach((c, recall) -> categories.add(String.valueOf(c), recall(recall)));
            root.add(mode.configName(), Json.createObjectBuilder()
                    .add("overall", recall(r.overall()))
                    .add("by_category", categories)
                    .add("p50_ms", round(r.p50Millis()))
                    .add("p95_ms", round(r.p95Millis())));
        }
        return root.build().toString();
    }

    private static JsonObjectBuilder recall(Recall recall) {
        JsonObjectBuilder b = Json.createObjectBuilder();
        double[] p = recall.percent();
        for (int i = 0; i < LocomoEvaluation.KS.length; i++) {
            b.add("recall@" + LocomoEvaluation.KS[i], round(p[i]));
        }
        return b.add("questions", recall.questions());
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    /** Collects per-question recall and latency while the evaluation runs. */
    static final class Accumulator {
        private final Map<Integer, double[]> sums = new TreeMap<>();
        private final Map<Integer, Integer> counts = new TreeMap<>();
        private final List<Long> nanos = new ArrayList<>();

        void add(int category, double[] recall, long queryNanos) {
            double[] sum = sums.computeIfAbsent(category, c -> new double[LocomoEvaluation.KS.length]);
            for (int i = 0; i < sum.length; i++) {
                sum[i] += recall[i];
            }
            counts.merge(category, 1, Integer::sum);
            nanos.add(queryNanos);
        }

        ModeResult result() {
            Map<Integer, Recall> byCategory = new TreeMap<>();
            double[] total = new double[LocomoEvaluation.KS.length];
            int n = 0;
            for (Map.Entry<Integer, double[]> e : sums.entrySet()) {
                int count = counts.get(e.getKey());
                byCategory.put(e.getKey(), mean(e.getValue(), count));
                for (int i = 0; i < total.length; i++) {
                    total[i] += e.getValue()[i];
                }
                n += count;
            }
            List<Long> sorted = nanos.stream().sorted().toList();
            return new ModeResult(mean(total, n), byCategory, percentile(sorted, 0.50), percentile(sorted, 0.95));
        }

        private static Recall mean(double[] sum, int n) {
            double[] p = new double[sum.length];
            for (int i = 0; i < sum.length; i++) {
                p[i] = n == 0 ? 0 : 100.0 * sum[i] / n;
            }
            return new Recall(p, n);
        }

        private static double percentile(List<Long> sorted, double q) {
            if (sorted.isEmpty()) {
                return 0;
            }
            int index = (int) Math.ceil(q * sorted.size()) - 1;
            return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index))) / 1e6;
        }
    }
}
