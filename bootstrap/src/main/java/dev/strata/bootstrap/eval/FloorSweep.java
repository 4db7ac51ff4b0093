package dev.strata.bootstrap.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Hybrid recall at several vector similarity floors and windows ({@link
 * dev.strata.domain.retrieval.SimilarityFloor}), per conversation, and what unrelated probe queries
 * get at each: what the model's defaults are chosen from, by leaving one conversation out. For each
 * conversation, among the settings whose recall on the <em>other</em> conversations stays within
 * noise of the first setting (neither R@5 nor R@10 drops by more than one standard error of the paired
 * per-question difference) and that leaves the probes in a small starter tenant as few rows as any
 * setting does, the one answering most starter questions first (some can only be answered by the vector
 * arm), then with the lowest solo floor and the highest floor, is scored on the held-out conversation.
 * (A criterion of 1.96 standard errors with fewest LoCoMo probe rows as the goal grew greedy: it picked
 * floors up to 0.70 and lost a point of held-out R@10.)
 *
 * @param points        the settings tried; the first is the baseline (normally no floor)
 * @param conversations per conversation id, per setting (same order), per question: recall at each k
 * @param probeRows     per conversation id, per setting: rows the probes got that the keyword arm alone
 *                      did not find, summed over {@link #PROBES}
 * @param starter       per setting, what a small starter tenant gets (see {@link #STARTER_MEMORIES})
 */
public record FloorSweep(List<Point> points, Map<String, List<List<double[]>>> conversations,
                         Map<String, List<Double>> probeRows, List<Starter> starter) {

    /** Queries unrelated to every LoCoMo conversation (and to most memory stores). */
    public static final List<String> PROBES = List.of(
            "asdkjh qwpeoiru zxmvn",
            "'; DROP TABLE memories; --",
            "completely unrelated text about cooking pasta",
            "xylophone zebra quartz",
            "lorem ipsum dolor sit amet",
            "quantum chromodynamics lattice gauge theory",
            "kubernetes pod eviction threshold",
            "the mitochondria is the powerhouse of the cell");

    /** A new user's first memories, as the README's examples write them. */
    public static final List<String> STARTER_MEMORIES = List.of(
            "always use 0.5% slippage on swaps",
            "user avoided meme coins throughout Q1",
            "long ETH from $3200, closed at $3450, +7.8%",
            "stop-losses on BTC should trail by 8% not 5%",
            "user treats crypto as a 5% allocation",
            "BTC ETF inflows spiked on 2026-04-14",
            "prefers dark mode in every editor",
            "risk tolerance is conservative",
            "preferred chains: base and arbitrum",
            "user prefers weekly charts",
            "My dog Rex loves chasing tennis balls in the park",
            "user lives in Lisbon and works remotely",
            "the user collects vintage fountain pens",
            "bought a red car last spring");

    /**
     * Questions about the starter memories worded apart from them, with the index of the memory that
     * answers; the last four share no word with any memory, so only the vector arm can answer them.
     */
    public static final Map<String, Integer> STARTER_QUESTIONS = Map.ofEntries(
            Map.entry("what slippage do I use?", 0),
            Map.entry("how much of my money is in crypto", 4),
            Map.entry("which networks does the user like", 8),
            Map.entry("bitcoin fund flows", 5),
            Map.entry("editor theme", 6),
            Map.entry("trailing stop rule", 3),
            Map.entry("where is home", 11),
            Map.entry("writing instruments hobby", 12),
            Map.entry("puppy playing fetch", 10),
            Map.entry("automobile", 13));

    /** One setting: the best match's floor, the same without keyword hits, and the window below it. */
    public record Point(double floor, double solo, double window) {
    }

    /**
     * @param probeRows      mean rows an unrelated probe got in the starter tenant (limit 10)
     * @param rowsPerAnswer  mean rows a starter question got (limit 10)
     * @param firstRight     how many starter questions had their answer first
     */
    public record Starter(double probeRows, double rowsPerAnswer, int firstRight) {
    }

    public FloorSweep {
        points = List.copyOf(points);
        conversations = new LinkedHashMap<>(conversations);
        probeRows = new LinkedHashMap<>(probeRows);
        starter = List.copyOf(starter);
        if (points.isEmpty()) {
            throw new IllegalArgumentException("at least one setting");
        }
    }

    /** Recall (percent) of one setting over the given conversations, with the paired SE against the first. */
    record Figures(double r5, double r10, double r25, double r50, double dropR5, double seR5, double dropR10,
                   double seR10, int questions) {
        /** Standard errors of the paired mean difference a drop may reach. */
        static final double Z = 1.0;

        boolean withinNoise() {
            return dropR5 <= Z * seR5 && dropR10 <= Z * seR10;
        }
    }

    Figures figures(int point, List<String> over) {
        List<double[]> at = new ArrayList<>();
        List<double[]> base = new ArrayList<>();
        for (String id : over) {
            at.addAll(conversations.get(id).get(point));
            base.addAll(conversations.get(id).get(0));
        }
        int n = at.size();
        double[] mean = new double[4];
        double[] diff5 = new double[n];
        double[] diff10 = new double[n];
        for (int q = 0; q < n; q++) {
            for (int k = 0; k < 4; k++) {
                mean[k] += at.get(q)[k] / n;
            }
            diff5[q] = base.get(q)[0] - at.get(q)[0];
            diff10[q] = base.get(q)[1] - at.get(q)[1];
        }
        return new Figures(100 * mean[0], 100 * mean[1], 100 * mean[2], 100 * mean[3], 100 * mean(diff5),
                100 * standardError(diff5), 100 * mean(diff10), 100 * standardError(diff10), n);
    }

    /** Mean rows per probe not from the keyword arm alone, over these conversations. */
    double probeRows(int point, List<String> over) {
        double sum = 0;
        for (String id : over) {
            sum += probeRows.get(id).get(point);
        }
        return sum / (over.size() * PROBES.size());
    }

    /**
     * The setting whose recall on these conversations is within noise of the baseline and that answers
     * the probes in the starter tenant with as few rows as any setting does (issue 12: nothing related
     * means an empty or keyword-only answer); among those, the one answering most starter questions
     * first, then the lowest solo floor (the fewest word-free questions left unanswered), then the
     * highest floor (more protection at no measured cost).
     */
    int choose(List<String> over) {
        double fewestStarterRows = starter.stream().mapToDouble(Starter::probeRows).min().orElse(0);
        int chosen = -1;
        for (int p = 0; p < points.size(); p++) {
            if (!figures(p, over).withinNoise() || starter.get(p).probeRows() > fewestStarterRows) {
                continue;
            }
            if (chosen < 0 || better(p, chosen)) {
                chosen = p;
            }
        }
        return Math.max(chosen, 0);
    }

    private boolean better(int p, int than) {
        int first = Integer.compare(starter.get(p).firstRight(), starter.get(than).firstRight());
        if (first != 0) {
            return first > 0;
        }
        Point a = points.get(p);
        Point b = points.get(than);
        if (a.solo() != b.solo()) {
            return a.solo() < b.solo();
        }
        return a.floor() > b.floor();
    }

    public String table() {
        List<String> all = List.copyOf(conversations.keySet());
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "%nhybrid recall by vector floor / window (all %d conversations; drop = paired mean against the "
                        + "first row, ± one standard error; probe = rows an unrelated query gets beyond keyword "
                        + "matches; starter = a 14-memory tenant: probe rows, rows per question, answer first)%n",
                all.size()));
        out.append(String.format(Locale.ROOT, "%-6s %-6s %-6s %6s %6s %6s %6s %15s %15s %6s %8s %6s %6s%n", "floor",
                "solo", "window", "R@5", "R@10", "R@25", "R@50", "R@5 drop", "R@10 drop", "probe", "starter", "rows",
                "first"));
        for (int p = 0; p < points.size(); p++) {
            Figures r = figures(p, all);
            Starter s = starter.get(p);
            out.append(String.format(Locale.ROOT, "%-6.2f %-6.2f %-6.2f %6.1f %6.1f %6.1f %6.1f %7.2f ± %5.2f %7.2f ± "
                            + "%5.2f %6.1f %8.1f %6.1f %3d/%d%n", points.get(p).floor(), points.get(p).solo(),
                    points.get(p).window(), r.r5(),
                    r.r10(), r.r25(), r.r50(), r.dropR5(), r.seR5(), r.dropR10(), r.seR10(), probeRows(p, all),
                    s.probeRows(), s.rowsPerAnswer(), s.firstRight(), STARTER_QUESTIONS.size()));
        }
        out.append(String.format(Locale.ROOT, "%nleave one conversation out (setting chosen on the others, scored on "
                + "the held-out one)%n"));
        out.append(String.format(Locale.ROOT, "%-10s %6s %6s %6s %9s %9s %9s %9s %9s %9s%n", "held out", "floor",
                "solo", "window", "R@5 none", "R@5 set", "R@10 none", "R@10 set", "probe no", "probe set"));
        double[] sums = new double[6];
        int n = 0;
        for (String held : all) {
            List<String> others = all.stream().filter(id -> !id.equals(held)).toList();
            int chosen = choose(others.isEmpty() ? all : others);
            Figures none = figures(0, List.of(held));
            Figures at = figures(chosen, List.of(held));
            double probeNone = probeRows(0, List.of(held));
            double probeAt = probeRows(chosen, List.of(held));
            out.append(String.format(Locale.ROOT, "%-10s %6.2f %6.2f %6.2f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f%n", held,
                    points.get(chosen).floor(), points.get(chosen).solo(), points.get(chosen).window(), none.r5(),
                    at.r5(), none.r10(), at.r10(), probeNone, probeAt));
            int q = none.questions();
            sums[0] += none.r5() * q;
            sums[1] += at.r5() * q;
            sums[2] += none.r10() * q;
            sums[3] += at.r10() * q;
            sums[4] += probeNone;
            sums[5] += probeAt;
            n += q;
        }
        out.append(String.format(Locale.ROOT, "%-10s %6s %6s %6s %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f%n", "pooled", "",
                "", "",
                sums[0] / n, sums[1] / n, sums[2] / n, sums[3] / n, sums[4] / all.size(), sums[5] / all.size()));
        Point best = points.get(choose(all));
        out.append(String.format(Locale.ROOT, "chosen on all conversations: floor %.2f, solo %.2f, window %.2f%n",
                best.floor(), best.solo(), best.window()));
        return out.toString();
    }

    private static double mean(double[] xs) {
        double s = 0;
        for (double x : xs) {
            s += x;
        }
        return xs.length == 0 ? 0 : s / xs.length;
    }

    private static double standardError(double[] xs) {
        if (xs.length < 2) {
            return 0;
        }
        double m = mean(xs);
        double ss = 0;
        for (double x : xs) {
            ss += (x - m) * (x - m);
        }
        return Math.sqrt(ss / (xs.length - 1) / xs.length);
    }

    /** Collects the sweep while it runs. */
    static final class Builder {
        private final List<Point> points;
        private final Map<String, List<List<double[]>>> conversations = new LinkedHashMap<>();
        private final Map<String, List<Double>> probeRows = new LinkedHashMap<>();
        private final List<Starter> starter = new ArrayList<>();

        Builder(List<Point> points) {
            this.points = List.copyOf(Objects.requireNonNull(points, "points"));
        }

        void question(String conversation, int point, double[] recall) {
            conversations.computeIfAbsent(conversation, c -> {
                List<List<double[]>> lists = new ArrayList<>();
                points.forEach(p -> lists.add(new ArrayList<>()));
                return lists;
            }).get(point).add(recall.clone());
        }

        void probe(String conversation, int point, int rowsBeyondKeyword) {
            List<Double> rows = probeRows.computeIfAbsent(conversation, c -> {
                List<Double> zeros = new ArrayList<>();
                points.forEach(p -> zeros.add(0.0));
                return zeros;
            });
            rows.set(point, rows.get(point) + rowsBeyondKeyword);
        }

        void starter(Starter s) {
            starter.add(s);
        }

        FloorSweep build() {
            return new FloorSweep(points, conversations, probeRows, starter);
        }
    }
}
