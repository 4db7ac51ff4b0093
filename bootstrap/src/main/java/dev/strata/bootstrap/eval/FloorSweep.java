package dev.strata.bootstrap.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Recall of hybrid search at several vector similarity floors, per conversation, and the floor a
 * leave-one-conversation-out choice settles on: for each conversation, the highest floor whose recall
 * on the <em>other</em> conversations stays within noise of no floor (R@5 and R@10 each drop by at
 * most one standard error of the paired per-question difference) is scored on the held-out one.
 * Also how many rows unrelated probe queries get at each floor (the floor's purpose).
 *
 * @param floors        the floors tried, ascending; the first is the baseline (normally 0)
 * @param conversations per conversation id, per floor (same order), per question: recall at each k
 * @param probeAnswers  per floor, the mean number of rows an unrelated probe query got (limit 10)
 * @param probeVector   per floor, the mean number of those rows the vector arm or neighbour context brought
 */
public record FloorSweep(List<Double> floors, Map<String, List<List<double[]>>> conversations,
                         List<Double> probeAnswers, List<Double> probeVector) {

    /** Queries unrelated to every LoCoMo conversation (and to most memory stores). */
    public static final List<String> PROBES = List.of(
            "asdkjh qwpeoiru zxmvn",
            "'; DROP TABLE memories; --",
            "quantum chromodynamics lattice gauge theory",
            "kubernetes pod eviction threshold",
            "xylophone zebra quartz");

    public FloorSweep {
        floors = List.copyOf(floors);
        conversations = new LinkedHashMap<>(conversations);
        probeAnswers = List.copyOf(probeAnswers);
        probeVector = List.copyOf(probeVector);
        if (floors.isEmpty()) {
            throw new IllegalArgumentException("at least one floor");
        }
    }

    /** R@5 and R@10 (percent) of one floor over the given conversations, with the paired SE against floor 0. */
    record Figures(double r5, double r10, double r25, double r50, double dropR5, double seR5, double dropR10,
                   double seR10, int questions) {
        boolean withinNoise() {
            return dropR5 <= seR5 && dropR10 <= seR10;
        }
    }

    Figures figures(int floor, List<String> over) {
        List<double[]> at = new ArrayList<>();
        List<double[]> base = new ArrayList<>();
        for (String id : over) {
            at.addAll(conversations.get(id).get(floor));
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

    /** The highest floor within noise of the baseline on these conversations. */
    int choose(List<String> over) {
        int chosen = 0;
        for (int f = 1; f < floors.size(); f++) {
            if (figures(f, over).withinNoise()) {
                chosen = f;
            }
        }
        return chosen;
    }

    public String table() {
        List<String> all = List.copyOf(conversations.keySet());
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "%nhybrid recall by vector-min-similarity (all %d conversations; drop = paired mean vs floor %.2f, "
                        + "± one standard error)%n", all.size(), floors.getFirst()));
        out.append(String.format(Locale.ROOT, "%-7s %6s %6s %6s %6s %15s %15s %14s%n", "floor", "R@5", "R@10", "R@25",
                "R@50", "R@5 drop", "R@10 drop", "probe rows"));
        for (int f = 0; f < floors.size(); f++) {
            Figures r = figures(f, all);
            out.append(String.format(Locale.ROOT, "%-7.2f %6.1f %6.1f %6.1f %6.1f %7.2f ± %5.2f %7.2f ± %5.2f "
                            + "%5.1f (%4.1f v)%n", floors.get(f), r.r5(), r.r10(), r.r25(), r.r50(), r.dropR5(), r.seR5(),
                    r.dropR10(), r.seR10(), probeAnswers.get(f), probeVector.get(f)));
        }
        out.append(String.format(Locale.ROOT, "%nleave one conversation out (floor chosen on the others, scored on "
                + "the held-out one)%n"));
        out.append(String.format(Locale.ROOT, "%-10s %6s %10s %10s %10s %10s%n", "held out", "floor", "R@5 none",
                "R@5 floor", "R@10 none", "R@10 floor"));
        double[] sums = new double[4];
        int n = 0;
        for (String held : all) {
            List<String> others = all.stream().filter(id -> !id.equals(held)).toList();
            int chosen = choose(others.isEmpty() ? all : others);
            Figures none = figures(0, List.of(held));
            Figures at = figures(chosen, List.of(held));
            out.append(String.format(Locale.ROOT, "%-10s %6.2f %10.1f %10.1f %10.1f %10.1f%n", held,
                    floors.get(chosen), none.r5(), at.r5(), none.r10(), at.r10()));
            sums[0] += none.r5() * none.questions();
            sums[1] += at.r5() * at.questions();
            sums[2] += none.r10() * none.questions();
            sums[3] += at.r10() * at.questions();
            n += none.questions();
        }
        out.append(String.format(Locale.ROOT, "%-10s %6s %10.1f %10.1f %10.1f %10.1f%n", "pooled", "",
                sums[0] / n, sums[1] / n, sums[2] / n, sums[3] / n));
        out.append(String.format(Locale.ROOT, "chosen on all conversations: %.2f%n", floors.get(choose(all))));
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
        private final List<Double> floors;
        private final Map<String, List<List<double[]>>> conversations = new LinkedHashMap<>();
        private final double[] probeAnswers;
        private final double[] probeVector;
        private int probes;

        Builder(List<Double> floors) {
            this.floors = List.copyOf(Objects.requireNonNull(floors, "floors"));
            this.probeAnswers = new double[floors.size()];
            this.probeVector = new double[floors.size()];
        }

        void question(String conversation, int floor, double[] recall) {
            List<List<double[]>> perFloor = conversations.computeIfAbsent(conversation, c -> {
                List<List<double[]>> lists = new ArrayList<>();
                floors.forEach(f -> lists.add(new ArrayList<>()));
                return lists;
            });
            perFloor.get(floor).add(recall.clone());
        }

        void probe(int floor, int answers, int fromVector) {
            probeAnswers[floor] += answers;
            probeVector[floor] += fromVector;
            if (floor == 0) {
                probes++;
            }
        }

        FloorSweep build() {
            List<Double> answers = new ArrayList<>();
            List<Double> vector = new ArrayList<>();
            for (int f = 0; f < floors.size(); f++) {
                answers.add(probes == 0 ? 0 : probeAnswers[f] / probes);
                vector.add(probes == 0 ? 0 : probeVector[f] / probes);
            }
            return new FloorSweep(floors, conversations, answers, vector);
        }
    }
}
