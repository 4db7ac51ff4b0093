package dev.strata.bootstrap.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Leave-one-conversation-out over a grid of search settings (issue 19, "Generalisation"): for each
 * conversation, the setting with the best recall on the <em>other</em> conversations is scored on it,
 * and the held-out scores pooled over every question are the cross-validated figure. Beside it, the
 * tuned figure: the setting best on all conversations, scored on the same conversations it was chosen
 * on (what a table tuned on the dev split shows, optimistic by construction), and the first setting
 * (the shipped defaults) as they are.
 *
 * <p>"Best" is the mean of R@5 and R@10 over the training questions pooled (larger conversations weigh
 * more, as in the overall figure); a tie goes to the earlier setting, so the shipped defaults, listed
 * first, are kept unless another setting does strictly better.
 *
 * @param settings      the settings tried, the shipped defaults first; labels name them
 * @param conversations per conversation id, per setting (same order), per question: category and recall at each k
 */
public record CrossValidation(List<String> settings, Map<String, List<List<Scored>>> conversations) {

    /** One question's category and recall at {@link LocomoEvaluation#KS}. */
    public record Scored(int category, double[] recall) {
        public Scored {
            recall = recall.clone();
        }
    }

    /** Mean recall (percent) at each k over some questions, overall and per category. */
    public record Figures(double[] overall, Map<Integer, double[]> byCategory, Map<Integer, Integer> counts,
                          int questions) {
        double r5() {
            return overall[0];
        }

        double r10() {
            return overall[1];
        }
    }

    public CrossValidation {
        settings = List.copyOf(settings);
        if (settings.isEmpty()) {
            throw new IllegalArgumentException("at least one setting");
        }
        conversations = new LinkedHashMap<>(conversations);
        for (Map.Entry<String, List<List<Scored>>> c : conversations.entrySet()) {
            if (c.getValue().size() != settings.size()) {
                throw new IllegalArgumentException(c.getKey() + ": one list of questions per setting");
            }
        }
    }

    /** Recall of setting {@code point} over the questions of these conversations. */
    public Figures figures(int point, List<String> over) {
        List<Scored> questions = new ArrayList<>();
        for (String id : over) {
            questions.addAll(conversations.get(id).get(point));
        }
        return pooled(questions);
    }

    /** The setting with the best mean of R@5 and R@10 over these conversations; the earliest on a tie. */
    public int choose(List<String> over) {
        int best = 0;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int p = 0; p < settings.size(); p++) {
            Figures f = figures(p, over);
            double score = (f.r5() + f.r10()) / 2;
            if (score > bestScore + 1e-9) {
                best = p;
                bestScore = score;
            }
        }
        return best;
    }

    /** Per held-out conversation, the setting chosen on the others. */
    public Map<String, Integer> folds() {
        Map<String, Integer> chosen = new LinkedHashMap<>();
        List<String> all = List.copyOf(conversations.keySet());
        for (String held : all) {
            List<String> others = all.stream().filter(id -> !id.equals(held)).toList();
            chosen.put(held, choose(others.isEmpty() ? all : others));
        }
        return chosen;
    }

    /** Each conversation scored at the setting chosen without it, pooled over every question. */
    public Figures crossValidated() {
        List<Scored> held = new ArrayList<>();
        folds().forEach((id, point) -> held.addAll(conversations.get(id).get(point)));
        return pooled(held);
    }

    /**
     * The cross-validated gain over the shipped setting at {@code LocomoEvaluation.KS[k]}, paired per question:
     * mean and standard error of (held-out recall at the setting chosen without its conversation) minus (its
     * recall at the first setting), in points. A gain within about two standard errors is noise.
     */
    public double[] pairedGain(int k) {
        List<Double> diffs = new ArrayList<>();
        folds().forEach((id, point) -> {
            List<Scored> at = conversations.get(id).get(point);
            List<Scored> shipped = conversations.get(id).get(0);
            for (int q = 0; q < at.size(); q++) {
                diffs.add(100 * (at.get(q).recall()[k] - shipped.get(q).recall()[k]));
            }
        });
        int n = diffs.size();
        double mean = diffs.stream().mapToDouble(Double::doubleValue).sum() / Math.max(1, n);
        double ss = diffs.stream().mapToDouble(d -> (d - mean) * (d - mean)).sum();
        return new double[] {mean, n < 2 ? 0 : Math.sqrt(ss / (n - 1) / n)};
    }

    /** The setting chosen on every conversation, scored on them: the tuned figure. */
    public Figures tuned() {
        return figures(choose(all()), all());
    }

    private List<String> all() {
        return List.copyOf(conversations.keySet());
    }

    static Figures pooled(List<Scored> questions) {
        int ks = LocomoEvaluation.KS.length;
        double[] sum = new double[ks];
        Map<Integer, double[]> byCategory = new TreeMap<>();
        Map<Integer, Integer> counts = new TreeMap<>();
        for (Scored q : questions) {
            double[] c = byCategory.computeIfAbsent(q.category(), x -> new double[ks]);
            for (int i = 0; i < ks; i++) {
                sum[i] += q.recall()[i];
                c[i] += q.recall()[i];
            }
            counts.merge(q.category(), 1, Integer::sum);
        }
        int n = questions.size();
        Map<Integer, double[]> percent = new TreeMap<>();
        byCategory.forEach((cat, s) -> percent.put(cat, scaled(s, counts.get(cat))));
        return new Figures(scaled(sum, n), percent, counts, n);
    }

    private static double[] scaled(double[] sum, int n) {
        double[] p = new double[sum.length];
        for (int i = 0; i < sum.length; i++) {
            p[i] = n == 0 ? 0 : 100 * sum[i] / n;
        }
        return p;
    }

    public String table() {
        List<String> all = all();
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "%nhybrid recall per setting on all %d conversations (the first is the shipped configuration)%n",
                all.size()));
        int width = Math.max(10, settings.stream().mapToInt(String::length).max().orElse(10));
        String label = "%-" + width + "s";
        out.append(String.format(Locale.ROOT, label + " %6s %6s %6s %6s%n", "setting", "R@5", "R@10", "R@25",
                "R@50"));
        for (int p = 0; p < settings.size(); p++) {
            row(out, label, settings.get(p), figures(p, all).overall());
        }
        out.append(String.format(Locale.ROOT, "%nleave one conversation out (setting chosen on the others by mean "
                + "R@5 and R@10, scored on the held-out one)%n"));
        out.append(String.format(Locale.ROOT, "%-10s %5s " + label + " %9s %9s %9s %9s%n", "held out", "n",
                "chosen", "R@5 held", "R@10 held", "R@5 ship", "R@10 ship"));
        for (Map.Entry<String, Integer> fold : folds().entrySet()) {
            Figures at = figures(fold.getValue(), List.of(fold.getKey()));
            Figures shipped = figures(0, List.of(fold.getKey()));
            out.append(String.format(Locale.ROOT, "%-10s %5d " + label + " %9.1f %9.1f %9.1f %9.1f%n", fold.getKey(),
                    at.questions(), settings.get(fold.getValue()), at.r5(), at.r10(), shipped.r5(), shipped.r10()));
        }
        Figures cv = crossValidated();
        Figures tuned = tuned();
        Figures shipped = figures(0, all);
        String tunedLabel = "tuned on all (" + settings.get(choose(all)) + ")";
        String overall = "%-" + Math.max(26, tunedLabel.length()) + "s";
        out.append(String.format(Locale.ROOT, "%n" + overall + " %6s %6s %6s %6s%n", "overall (" + cv.questions()
                + " q)", "R@5", "R@10", "R@25", "R@50"));
        row(out, overall, "shipped (" + settings.getFirst() + ")", shipped.overall());
        row(out, overall, tunedLabel, tuned.overall());
        row(out, overall, "cross-validated", cv.overall());
        double[] gain5 = pairedGain(0);
        double[] gain10 = pairedGain(1);
        out.append(String.format(Locale.ROOT, "cross-validated gain over shipped, paired per question: R@5 %+.2f ± "
                + "%.2f, R@10 %+.2f ± %.2f (± one standard error)%n", gain5[0], gain5[1], gain10[0], gain10[1]));
        out.append(String.format(Locale.ROOT, "%ncross-validated per category%n%-10s %6s %6s %6s %6s %6s%n",
                "category", "n", "R@5", "R@10", "R@25", "R@50"));
        cv.byCategory().forEach((cat, p) -> out.append(String.format(Locale.ROOT,
                "%-10s %6d %6.1f %6.1f %6.1f %6.1f%n", cat, cv.counts().get(cat), p[0], p[1], p[2], p[3])));
        out.append(String.format(Locale.ROOT, "tuned per category%n"));
        tuned.byCategory().forEach((cat, p) -> out.append(String.format(Locale.ROOT,
                "%-10s %6d %6.1f %6.1f %6.1f %6.1f%n", cat, tuned.counts().get(cat), p[0], p[1], p[2], p[3])));
        out.append(String.format(Locale.ROOT, "(query latency: see a plain `eval locomo` run; here each question's "
                + "embedding is cached across settings)%n"));
        return out.toString();
    }

    private static void row(StringBuilder out, String labelFormat, String name, double[] p) {
        out.append(String.format(Locale.ROOT, labelFormat + " %6.1f %6.1f %6.1f %6.1f%n", name, p[0], p[1], p[2],
                p[3]));
    }

    /** Collects the grid while it runs. */
    static final class Builder {
        private final int settings;
        private final Map<String, List<List<Scored>>> conversations = new LinkedHashMap<>();

        Builder(int settings) {
            this.settings = settings;
        }

        void question(String conversation, int point, int category, double[] recall) {
            Objects.checkIndex(point, settings);
            conversations.computeIfAbsent(conversation, c -> {
                List<List<Scored>> lists = new ArrayList<>();
                for (int p = 0; p < settings; p++) {
                    lists.add(new ArrayList<>());
                }
                return lists;
            }).get(point).add(new Scored(category, recall));
        }

        CrossValidation build(List<String> labels) {
            return new CrossValidation(labels, conversations);
        }
    }
}
