package dev.strata.bootstrap.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Concurrent virtual clients against a running Strata: each loops over a weighted mix of writes,
 * searches, snapshot reads and deletes until the deadline, timing every request. Deletes target
 * memories some client wrote earlier, so each one should succeed; the deletes therefore also race
 * the writes and searches over the same rows.
 */
public final class LoadGenerator {

    /** The operations and their share of the mix, in percent. */
    public enum Op {
        WRITE(40), SEARCH(40), SNAPSHOT(10), DELETE(10);

        final int weight;

        Op(int weight) {
            this.weight = weight;
        }

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One load run's shape; {@code tenant} keeps the load apart from other data on a shared server.
     * {@code backlog} memories (0: none) are bulk-imported before the clients start, so that the clients run
     * while the background embedding works through them.
     */
    public record Plan(URI baseUrl, int clients, Duration duration, String tenant, long seed, int backlog) {

        /** The most rows a backlog run imports. */
        public static final int MAX_BACKLOG = 1_000_000;

        public Plan(URI baseUrl, int clients, Duration duration, String tenant, long seed) {
            this(baseUrl, clients, duration, tenant, seed, 0);
        }

        public Plan {
            Objects.requireNonNull(baseUrl, "baseUrl");
            Objects.requireNonNull(duration, "duration");
            Objects.requireNonNull(tenant, "tenant");
            if (clients < 1 || clients > 1_024) {
                throw new IllegalArgumentException("clients must be in 1..1024");
            }
            if (duration.isNegative() || duration.isZero() || duration.compareTo(Duration.ofHours(1)) > 0) {
                throw new IllegalArgumentException("duration must be in (0, 1h]");
            }
            if (backlog < 0 || backlog > MAX_BACKLOG) {
                throw new IllegalArgumentException("backlog must be in [0, " + MAX_BACKLOG + "]");
            }
        }
    }

    /** Rows per {@code POST /v1/memory/batch} of the backlog import: the server's default batch limit. */
    static final int IMPORT_BATCH = 1_000;

    /** Told when the clients start and when they have all stopped (a backlog run watches the server meanwhile). */
    public interface Phases {
        Phases NONE = new Phases() {
        };

        default void clientsStarting() {
        }

        default void clientsStopped() {
        }
    }

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");
    private static final int SEED_MEMORIES = 200;

    private final Plan plan;
    private final LongSupplier nanoTime;
    private final Consumer<String> progress;
    private final Phases phases;
    private final HttpClient client;
    private final ConcurrentLinkedDeque<Long> deletable = new ConcurrentLinkedDeque<>();

    public LoadGenerator(Plan plan, LongSupplier nanoTime, Consumer<String> progress) {
        this(plan, nanoTime, progress, Phases.NONE);
    }

    public LoadGenerator(Plan plan, LongSupplier nanoTime, Consumer<String> progress, Phases phases) {
        this.phases = Objects.requireNonNull(phases, "phases");
        this.plan = Objects.requireNonNull(plan, "plan");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.progress = Objects.requireNonNull(progress, "progress");
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
    }

    public LoadReport run() throws InterruptedException {
        try (client) {
            seed();
            importBacklog();
            progress.accept(plan.clients() + " clients for " + plan.duration().toSeconds() + " s against "
                    + plan.baseUrl());
            phases.clientsStarting();
            long start = nanoTime.getAsLong();
            long deadline = start + plan.duration().toNanos();
            CountDownLatch ready = new CountDownLatch(1);
            List<Future<LoadReport.Tally>> tallies = new ArrayList<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(plan.clients())) {
                for (int c = 0; c < plan.clients(); c++) {
                    SyntheticMemories corpus = new SyntheticMemories(plan.seed() * 1_000 + c);
                    tallies.add(pool.submit(() -> {
                        ready.await();
                        return client(corpus, deadline);
                    }));
                }
                ready.countDown();
            }
            double seconds = (nanoTime.getAsLong() - start) / 1e9;
            phases.clientsStopped();
            List<LoadReport.Tally> all = new ArrayList<>();
            for (Future<LoadReport.Tally> f : tallies) {
                try {
                    all.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("a load client failed", e.getCause());
                }
            }
            return LoadReport.of(all, seconds, plan.clients());
        }
    }

    /** Memories for the first searches and deletes to find. */
    private void seed() {
        SyntheticMemories corpus = new SyntheticMemories(plan.seed());
        LoadReport.Tally ignored = new LoadReport.Tally();
        for (int i = 0; i < SEED_MEMORIES; i++) {
            HttpResponse<String> r = send(ignored, Op.WRITE, write(corpus));
            if (r == null || r.statusCode() != 201) {
                throw new IllegalStateException("cannot seed the target: POST /v1/memory answered "
                        + (r == null ? "nothing" : r.statusCode() + " " + r.body()));
            }
        }
    }

    /**
     * The backlog: {@link Plan#backlog} memories in batches, as a bulk import would write them. Each batch is
     * one transaction; their rows wait for the background embedding, which the clients then run against.
     */
    private void importBacklog() {
        if (plan.backlog() == 0) {
            return;
        }
        SyntheticMemories corpus = new SyntheticMemories(plan.seed() * 7_919 + 13);
        LoadReport.Tally ignored = new LoadReport.Tally();
        long t0 = nanoTime.getAsLong();
        for (int done = 0; done < plan.backlog(); ) {
            int n = Math.min(IMPORT_BATCH, plan.backlog() - done);
            StringBuilder body = new StringBuilder("{\"memories\":[");
            for (int i = 0; i < n; i++) {
                body.append(i == 0 ? "" : ",").append("{\"category\":").append(quote(corpus.category()))
                        .append(",\"content\":").append(quote(corpus.content())).append('}');
            }
            body.append("]}");
            HttpResponse<String> r = send(ignored, Op.WRITE, request("/v1/memory/batch")
                    .POST(HttpRequest.BodyPublishers.ofString(body.toString())));
            if (r == null || r.statusCode() != 201) {
                throw new IllegalStateException("cannot import the backlog: POST /v1/memory/batch answered "
                        + (r == null ? "nothing" : r.statusCode() + " " + r.body()));
            }
            done += n;
        }
        progress.accept("imported a backlog of " + plan.backlog() + " memories in "
                + Math.round((nanoTime.getAsLong() - t0) / 1e6) + " ms");
    }

    private LoadReport.Tally client(SyntheticMemories corpus, long deadline) {
        LoadReport.Tally tally = new LoadReport.Tally();
        List<String> queries = SyntheticMemories.queries();
        int q = 0;
        while (nanoTime.getAsLong() < deadline) {
            switch (pick(corpus.roll(100))) {
                case WRITE -> send(tally, Op.WRITE, write(corpus));
                case SEARCH -> send(tally, Op.SEARCH, request("/v1/memory/search")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"query\":" + quote(queries.get(q++ % queries.size()))
                                + ",\"limit\":10}")));
                case SNAPSHOT -> send(tally, Op.SNAPSHOT, request("/v1/snapshot").GET());
                case DELETE -> {
                    Long id = deletable.pollFirst();
                    if (id == null) {
                        send(tally, Op.WRITE, write(corpus));
                    } else {
                        send(tally, Op.DELETE, request("/v1/memory/" + id).DELETE());
                    }
                }
            }
        }
        return tally;
    }

    private static Op pick(int roll) {
        int sum = 0;
        for (Op op : Op.values()) {
            sum += op.weight;
            if (roll < sum) {
                return op;
            }
        }
        return Op.WRITE;
    }

    private HttpRequest.Builder write(SyntheticMemories corpus) {
        return request("/v1/memory").POST(HttpRequest.BodyPublishers.ofString(
                "{\"category\":" + quote(corpus.category()) + ",\"content\":" + quote(corpus.content()) + "}"));
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(plan.baseUrl().resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-Strata-Tenant", plan.tenant());
    }

    /** Sends and records; a transport failure counts as an error of its own, not as a status. */
    private HttpResponse<String> send(LoadReport.Tally tally, Op op, HttpRequest.Builder request) {
        long t0 = nanoTime.getAsLong();
        try {
            HttpResponse<String> r = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            tally.record(op, r.statusCode(), nanoTime.getAsLong() - t0);
            if (op == Op.WRITE && r.statusCode() == 201) {
                Matcher m = ID.matcher(r.body());
                if (m.find()) {
                    deletable.addLast(Long.parseLong(m.group(1)));
                }
            }
            return r;
        } catch (IOException e) {
            tally.record(op, LoadReport.TRANSPORT_ERROR, nanoTime.getAsLong() - t0);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
