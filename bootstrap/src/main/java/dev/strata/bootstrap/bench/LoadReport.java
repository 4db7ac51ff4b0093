package dev.strata.bootstrap.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Throughput and latency percentiles per operation of a load run, and every non-2xx answer by status. */
public final class LoadReport {

    /** The pseudo-status of a request that got no HTTP answer at all. */
    static final int TRANSPORT_ERROR = -1;

    /** One client's raw observations; merged after the run, so no locking while timing. */
    static final class Tally {
        private final Map<LoadGenerator.Op, List<Long>> nanos = new EnumMap<>(LoadGenerator.Op.class);
        private final Map<LoadGenerator.Op, Map<Integer, Integer>> statuses = new EnumMap<>(LoadGenerator.Op.class);

        void record(LoadGenerator.Op op, int status, long elapsedNanos) {
            nanos.computeIfAbsent(op, o -> new ArrayList<>()).add(elapsedNanos);
            statuses.computeIfAbsent(op, o -> new TreeMap<>()).merge(status, 1, Integer::sum);
        }
    }

    /** One row of the table. */
    public record Row(String op, int count, double perSecond, double p50Ms, double p95Ms, double p99Ms,
                      Map<Integer, Integer> failures) {
    }

    private final List<Row> rows;
    private final double seconds;
    private final int clients;

    private LoadReport(List<Row> rows, double seconds, int clients) {
        this.rows = List.copyOf(rows);
        this.seconds = seconds;
        this.clients = clients;
    }

    static LoadReport of(List<Tally> tallies, double seconds, int clients) {
        List<Row> rows = new ArrayList<>();
        List<Long> everything = new ArrayList<>();
        Map<Integer, Integer> allFailures = new TreeMap<>();
        for (LoadGenerator.Op op : LoadGenerator.Op.values()) {
            List<Long> samples = new ArrayList<>();
            Map<Integer, Integer> failures = new TreeMap<>();
            for (Tally t : tallies) {
                samples.addAll(t.nanos.getOrDefault(op, List.of()));
                t.statuses.getOrDefault(op, Map.of()).forEach((status, n) -> {
                    if (status < 200 || status >= 300) {
                        failures.merge(status, n, Integer::sum);
                    }
                });
            }
            rows.add(row(op.label(), samples, failures, seconds));
            everything.addAll(samples);
            failures.forEach((status, n) -> allFailures.merge(status, n, Integer::sum));
        }
        rows.add(row("all", everything, allFailures, seconds));
        return new LoadReport(rows, seconds, clients);
    }

    private static Row row(String op, List<Long> samples, Map<Integer, Integer> failures, double seconds) {
        long[] sorted = samples.stream().mapToLong(Long::longValue).sorted().toArray();
        return new Row(op, sorted.length, sorted.length / seconds, percentile(sorted, 50), percentile(sorted, 95),
                percentile(sorted, 99), Map.copyOf(failures));
    }

    /** Nearest-rank percentile in milliseconds; 0 for an operation that never ran. */
    static double percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e6;
    }

    public List<Row> rows() {
        return rows;
    }

    /** Server errors and requests that got no answer: what makes the run fail. */
    public int serverErrors() {
        Row all = rows.getLast();
        return all.failures().entrySet().stream()
                .filter(e -> e.getKey() >= 500 || e.getKey() == TRANSPORT_ERROR)
                .mapToInt(Map.Entry::getValue).sum();
    }

    public String table() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%d clients, %.1f s%n%n", clients, seconds));
        out.append("| op | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx |\n");
        out.append("|---|---:|---:|---:|---:|---:|---|\n");
        for (Row r : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.1f | %.1f | %.1f | %s |%n", r.op(), r.count(),
                    r.perSecond(), r.p50Ms(), r.p95Ms(), r.p99Ms(), failures(r.failures())));
        }
        return out.toString();
    }

    private static String failures(Map<Integer, Integer> failures) {
        if (failures.isEmpty()) {
            return "none";
        }
        return String.join(", ", failures.entrySet().stream()
                .map(e -> (e.getKey() == TRANSPORT_ERROR ? "no answer" : Integer.toString(e.getKey())) + " x"
                        + e.getValue())
                .toArray(String[]::new));
    }
}
