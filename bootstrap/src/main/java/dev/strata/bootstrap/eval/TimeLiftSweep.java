package dev.strata.bootstrap.eval;

import dev.strata.application.retrieval.RetrievalMode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Recall at each weight of the time lift, per LoCoMo category and overall, and what a
 * leave-one-conversation-out choice of the weight scores: for each conversation, the weight with the
 * best overall R@10 on the other conversations (ties: better R@5, then the smaller weight) is scored
 * on it alone; the held-out scores are pooled over questions. The tuned row (one weight for all
 * conversations) is the in-sample figure; the held-out row is the one to trust.
 */
public final class TimeLiftSweep {

    /** R@5 and R@10: the indexes into {@link LocomoEvaluation#KS} reported. */
    private static final int R5 = 0;
    private static final int R10 = 1;

    private final List<Double> weights;
    private final RetrievalMode mode;
    /** conversation -> weight index -> category -> [sum R@k..., count]. */
    private final Map<String, List<Map<Integer, double[]>>> sums;

    private TimeLiftSweep(List<Double> weights, RetrievalMode mode, Map<String, List<Map<Integer, double[]>>> sums) {
        this.weights = List.copyOf(weights);
        this.mode = mode;
        this.sums = sums;
    }

    /** Collects per-question recall. */
    public static final class Builder {
        private final List<Double> weights;
        private final RetrievalMode mode;
        private final Map<String, List<Map<Integer, double[]>>> sums = new LinkedHashMap<>();

        public Builder(List<Double> weights, RetrievalMode mode) {
            if (weights.isEmpty()) {
                throw new IllegalArgumentException("at least one weight");
            }
            this.weights = List.copyOf(weights);
            this.mode = Objects.requireNonNull(mode, "mode");
        }

        public void question(String conversation, int weight, int category, double[] recall) {
            List<Map<Integer, double[]>> perWeight = sums.computeIfAbsent(conversation, c -> {
                List<Map<Integer, double[]>> list = new ArrayList<>();
                weights.forEach(w -> list.add(new TreeMap<>()));
                return list;
            });
            double[] s = perWeight.get(weight).computeIfAbsent(category, c -> new double[recall.length + 1]);
            for (int i = 0; i < recall.length; i++) {
                s[i] += recall[i];
            }
            s[recall.length]++;
        }

        public TimeLiftSweep build() {
            return new TimeLiftSweep(weights, mode, sums);
        }
    }

    /** Mean recall in percent at {@code k} over the given conversations and weight, one category or all (0). */
    double recall(List<String> conversations, int weight, int category, int k) {
        double sum = 0;
        double n = 0;
        for (String c : conversations) {
            for (Map.Entry<Integer, double[]> e : sums.get(c).get(weight).entrySet()) {
                if (category == 0 || e.getKey() == category) {
                    sum += e.getValue()[k];
                    n += e.getValue()[e.getValue().length - 1];
                }
            }
        }
        return n == 0 ? Double.NaN : 100 * sum / n;
    }

    /** The weight index a leave-one-out fold chooses on {@code training}. */
    int choose(List<String> training) {
        int best = 0;
        for (int w = 1; w < weights.size(); w++) {
            double r10 = recall(training, w, 0, R10);
            double bestR10 = recall(training, best, 0, R10);
            double r5 = recall(training, w, 0, R5);
            double bestR5 = recall(training, best, 0, R5);
            boolean better = r10 > bestR10 + 1e-9 || (Math.abs(r10 - bestR10) <= 1e-9 && r5 > bestR5 + 1e-9)
                    || (Math.abs(r10 - bestR10) <= 1e-9 && Math.abs(r5 - bestR5) <= 1e-9
                    && weights.get(w) < weights.get(best));
            if (better) {
                best = w;
            }
        }
        return best;
    }

    /** Held-out recall at {@code k} for one category (0: all), pooled over questions, and the weight each fold chose. */
    Held heldOut(int category, int k) {
        List<String> all = new ArrayList<>(sums.keySet());
        double sum = 0;
        double n = 0;
        List<Double> chosen = new ArrayList<>();
        for (String held : all) {
            List<String> training = all.stream().filter(c -> !c.equals(held)).toList();
            int w = training.isEmpty() ? 0 : choose(training);
            chosen.add(weights.get(w));
            for (Map.Entry<Integer, double[]> e : sums.get(held).get(w).entrySet()) {
                if (category == 0 || e.getKey() == category) {
                    sum += e.getValue()[k];
                    n += e.getValue()[e.getValue().length - 1];
                }
            }
        }
        return new Held(n == 0 ? Double.NaN : 100 * sum / n, chosen);
    }

    record Held(double recall, List<Double> chosen) {
    }

    public String table() {
        List<String> all = new ArrayList<>(sums.keySet());
        TreeSet<Integer> categories = new TreeSet<>();
        sums.values().forEach(perWeight -> perWeight.forEach(m -> categories.addAll(m.keySet())));
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "time lift, %s mode, %d conversations: R@5 / R@10 per category%n%n",
                mode.configName(), all.size()));
        out.append("| weight |");
        categories.forEach(c -> out.append(' ').append(EvalReport.categoryLabel(c)).append(" |"));
        out.append(" overall |\n|---|");
        categories.forEach(c -> out.append("---|"));
        out.append("---|\n");
        for (int w = 0; w < weights.size(); w++) {
            out.append(String.format(Locale.ROOT, "| %s%s |", plain(weights.get(w)), w == 0 ? " (baseline)" : ""));
            for (int c : categories) {
                out.append(cell(recall(all, w, c, R5), recall(all, w, c, R10)));
            }
            out.append(cell(recall(all, w, 0, R5), recall(all, w, 0, R10))).append('\n');
        }
        out.append("| leave-one-conversation-out |");
        for (int c : categories) {
            out.append(cell(heldOut(c, R5).recall(), heldOut(c, R10).recall()));
        }
        Held overall10 = heldOut(0, R10);
        out.append(cell(heldOut(0, R5).recall(), overall10.recall())).append('\n');
        out.append(String.format(Locale.ROOT, "%nweights chosen per held-out conversation (%s): %s%n",
                String.join(", ", all), overall10.chosen().stream().map(TimeLiftSweep::plain).toList()));
        return out.toString();
    }

    private static String cell(double r5, double r10) {
        return String.format(Locale.ROOT, " %.1f / %.1f |", r5, r10);
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
