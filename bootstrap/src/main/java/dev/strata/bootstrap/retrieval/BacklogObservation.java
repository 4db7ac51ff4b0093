package dev.strata.bootstrap.retrieval;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.WriteGate;
import dev.strata.application.retrieval.BoundedQueryEmbedder;
import dev.strata.application.retrieval.EmbeddingWorker;
import dev.strata.domain.retrieval.EmbeddingBacklog;
import io.helidon.health.HealthCheck;
import io.helidon.health.HealthCheckResponse;
import io.helidon.health.HealthCheckType;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How far background work is behind, for the health JSON and the metrics: the embedding backlog (memories
 * pending and failed, the age of the oldest pending one), the write gate's counts (slices, request waits,
 * the most slices one request writer waited for) and the query-embedding cache. The backlog is read from
 * the database at most once a second, however often health and metrics are polled.
 */
public final class BacklogObservation implements AutoCloseable {

    /** The name of the check in {@code GET /observe/health}. */
    static final String CHECK = "embeddings";
    private static final Duration FRESH_FOR = Duration.ofSeconds(1);

    private final Supplier<EmbeddingBacklog> read;
    private final java.util.function.IntSupplier workerThreads;
    private final Clock clock;
    private final RegisteredGauges gauges = new RegisteredGauges();
    private EmbeddingBacklog last;
    private Instant readAt;

    private BacklogObservation(Supplier<EmbeddingBacklog> read, java.util.function.IntSupplier workerThreads,
                               Clock clock) {
        this.read = Objects.requireNonNull(read, "read");
        this.workerThreads = Objects.requireNonNull(workerThreads, "workerThreads");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    static BacklogObservation of(EmbeddingWorker worker, Clock clock) {
        return new BacklogObservation(worker::backlog, worker::threadsPerBatch, clock);
    }

    /** The backlog, read again when the last reading is older than a second. */
    synchronized EmbeddingBacklog backlog() {
        Instant now = clock.instant();
        if (last == null || readAt.plus(FRESH_FOR).isBefore(now)) {
            last = read.get();
            readAt = now;
        }
        return last;
    }

    /**
     * A readiness check named {@value #CHECK} with the backlog as its data. A backlog is not a failure (the
     * server answers; search just finds the newest rows by keyword only): the check is down only when the
     * backlog cannot be read.
     */
    public HealthCheck healthCheck() {
        return new HealthCheck() {
            @Override
            public HealthCheckType type() {
                return HealthCheckType.READINESS;
            }

            @Override
            public String name() {
                return CHECK;
            }

            @Override
            public HealthCheckResponse call() {
                try {
                    EmbeddingBacklog b = backlog();
                    return HealthCheckResponse.builder().status(true)
                            .detail("pending", b.pending())
                            .detail("failed", b.failed())
                            .detail("oldest_pending_age_seconds", b.oldestPendingAge(clock.instant()).toSeconds())
                            .build();
                } catch (RuntimeException e) {
                    return HealthCheckResponse.builder().status(false).detail("error", String.valueOf(e.getMessage()))
                            .build();
                }
            }
        };
    }

    /**
     * Gauges in the global registry, which {@code /observe/metrics} serves; a gauge of the same name from an
     * earlier server in this JVM is replaced, and {@link #close} removes them.
     */
    void registerMetrics(SqliteDatabase db, BoundedQueryEmbedder queries) {
        gauges.add("strata.embeddings.pending", "memories written and not yet embedded",
                () -> backlog().pending());
        gauges.add("strata.embeddings.failed", "memories the model failed on, retried by the catch-up",
                () -> backlog().failed());
        gauges.add("strata.embeddings.oldest.pending.age.seconds", "how long the oldest pending memory has waited",
                () -> backlog().oldestPendingAge(clock.instant()).toSeconds());
        gauges.add("strata.embeddings.worker.threads", "threads the embedding worker computes a batch on: more than "
                + "one only under its backlog share", workerThreads::getAsInt);
        WriteGate gate = db.writeGate();
        gauges.add("strata.sqlite.background.slices", "background write transactions", () -> gate.stats().slices());
        gauges.add("strata.sqlite.request.write.waits", "request writes that found the write lock taken",
                () -> gate.stats().foregroundWaits());
        gauges.add("strata.sqlite.request.write.timeouts", "request writes that gave up waiting for the lock",
                () -> gate.stats().foregroundTimeouts());
        gauges.add("strata.sqlite.request.write.most.slices.waited", "the most background slices one request "
                + "write waited for (never above 1)", () -> gate.stats().mostSlicesOneWriterWaitedFor());
        gauges.add("strata.sqlite.background.slices.due", "background slices that went ahead of waiting requests "
                + "after waiting their guaranteed interval", () -> gate.stats().slicesDue());
        gauges.add("strata.sqlite.background.writes.outside.slices", "rows a scheduled background job changed "
                + "outside a background slice (should stay 0)", () -> gate.stats().backgroundWritesOutsideSlices());
        gauges.add("strata.sqlite.background.slice.longest.ms", "the longest background write transaction",
                () -> gate.stats().longestSliceMicros() / 1_000.0);
        gauges.add("strata.query.embeddings.cache.hits", "searches whose query embedding came from the cache",
                () -> queries.stats().hits());
        gauges.add("strata.query.embeddings.cache.misses", "searches that embedded their query",
                () -> queries.stats().misses());
        gauges.add("strata.query.embeddings.turned.away", "searches answered by keyword only because the "
                + "query waited too long for its turn", () -> queries.stats().turnedAway());
    }

    @Override
    public void close() {
        gauges.close();
    }
}
