package dev.strata.bootstrap.drills;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Crash drill: the real server in a child JVM takes continuous single and batched writes from
 * several clients and is killed with SIGKILL at random moments, then restarted on the same file.
 * Every write the server acknowledged (201) must survive every crash: readable, searchable by its
 * unique token, and the file must pass SQLite's and FTS5's integrity checks.
 *
 * <p>Default: {@value #DEFAULT_KILLS} kills. Long variant: {@code -Dstrata.drills.long=true} (or
 * {@code STRATA_DRILLS_LONG=true}) for {@value #LONG_KILLS}. {@code -Dstrata.drills.seed=N} replays a run's
 * kill timings.
 */
class CrashRecoveryTest {

    static final int DEFAULT_KILLS = 5;
    static final int LONG_KILLS = 40;
    private static final int WRITERS = 4;
    private static final int BATCH_SIZE = 3;

    @TempDir
    Path dir;

    private volatile int port;

    @Test
    void every_acknowledged_write_survives_repeated_sigkill() throws Exception {
        int kills = Drills.isLong() ? LONG_KILLS : DEFAULT_KILLS;
        long seed = Long.getLong("strata.drills.seed", System.nanoTime());
        Random random = new Random(seed);
        Path data = dir.resolve("data");
        Path workspace = dir.resolve("workspace");
        Path log = dir.resolve("server.log");

        Map<Long, String> acknowledged = new ConcurrentHashMap<>();
        AtomicLong unacknowledged = new AtomicLong();
        ConcurrentLinkedQueue<String> unexpected = new ConcurrentLinkedQueue<>();
        AtomicBoolean writing = new AtomicBoolean(true);

        ServerProcess server = ServerProcess.start(data, workspace, log);
        port = server.port();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> writers = new ArrayList<>();
        try (DrillClient client = new DrillClient(() -> port)) {
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> write(client, writer, writing, acknowledged, unacknowledged, unexpected)));
            }
            for (int k = 0; k < kills; k++) {
                long before = acknowledged.size();
                // Kill only once writes are flowing on this incarnation, so every kill lands mid-traffic.
                awaitGrowth(acknowledged, before + 20, server, log);
                Thread.sleep(50 + random.nextInt(400));
                server.kill();
                server = ServerProcess.start(data, workspace, log);
                port = server.port();
            }
            awaitGrowth(acknowledged, acknowledged.size() + 20L, server, log);
            writing.set(false);
            for (Future<?> f : writers) {
                f.get();
            }
            assertThat(unexpected).as("responses other than 201 or a dropped connection").isEmpty();

            List<String> missing = verifyOverHttp(client, acknowledged);
            assertThat(missing).as("acknowledged writes lost or unsearchable after %d kills (seed %d)", kills, seed)
                    .isEmpty();
        } finally {
            pool.shutdownNow();
        }
        assertThat(server.terminate()).as("exit code after SIGTERM").isIn(0, 143);

        Path file = data.resolve("strata.db");
        try (Connection c = DatabaseChecks.open(file)) {
            assertThat(DatabaseChecks.integrityCheck(c)).containsExactly("ok");
            DatabaseChecks.ftsIntegrityCheck(c, "memories_fts");
            DatabaseChecks.ftsIntegrityCheck(c, "facts_fts");
            assertThat(DatabaseChecks.count(c, "SELECT COUNT(*) FROM memories WHERE tenant = 'drill'"))
                    .isGreaterThanOrEqualTo(acknowledged.size());
        }
        OptionalLong orphans = DatabaseChecks.orphanVectors(file);
        if (orphans.isPresent()) {
            assertThat(orphans.getAsLong()).as("vectors of memories that no longer exist").isZero();
        } else {
            // No embedder runs in this build, so no vector table is ever created: nothing can be orphaned.
            try (Connection c = DatabaseChecks.open(file)) {
                assertThat(DatabaseChecks.tableExists(c, "memory_vectors")).isFalse();
            }
        }
        System.out.printf("crash drill: %d SIGKILLs survived, %d acknowledged writes verified (readable, searchable), "
                + "%d attempts refused or cut off by a kill, integrity_check ok, FTS5 checks ok, vectors: %s, seed %d%n",
                kills, acknowledged.size(), unacknowledged.get(),
                orphans.isPresent() ? orphans.getAsLong() + " orphans" : "no vector table", seed);
    }

    /** One client: single writes, and every fourth operation a batch, until told to stop. */
    private static void write(DrillClient client, int writer, AtomicBoolean writing, Map<Long, String> acknowledged,
                              AtomicLong unacknowledged, ConcurrentLinkedQueue<String> unexpected) {
        long seq = 0;
        while (writing.get()) {
            boolean batch = seq % 4 == 3;
            List<String> tokens = new ArrayList<>();
            for (int i = 0; i < (batch ? BATCH_SIZE : 1); i++) {
                tokens.add(token(writer, seq++));
            }
            HttpResponse<String> response = batch
                    ? client.trySend("POST", "/v1/memory/batch", "{\"memories\":[" + String.join(",",
                            tokens.stream().map(CrashRecoveryTest::memoryJson).toList()) + "]}").orElse(null)
                    : client.trySend("POST", "/v1/memory", memoryJson(tokens.getFirst())).orElse(null);
            if (response == null) {
                unacknowledged.addAndGet(tokens.size());
                pause(20);
                continue;
            }
            if (response.statusCode() != 201) {
                unexpected.add(response.statusCode() + " " + response.body());
                pause(20);
                continue;
            }
            JsonObject body = DrillClient.json(response);
            if (batch) {
                JsonArray stored = body.getJsonArray("memories");
                for (int i = 0; i < stored.size(); i++) {
                    acknowledged.put(stored.getJsonObject(i).getJsonNumber("id").longValue(), tokens.get(i));
                }
            } else {
                acknowledged.put(body.getJsonNumber("id").longValue(), tokens.getFirst());
            }
        }
    }

    /** A word no other memory contains, so a search for it must find exactly its memory. */
    static String token(int writer, long seq) {
        return "zq" + writer + "x" + seq;
    }

    private static String memoryJson(String token) {
        return "{\"category\":\"lesson\",\"content\":\"crash drill note " + token + " survives a kill\"}";
    }

    /** Every acknowledged id, read back and searched for, on a few threads; returns what failed. */
    private static List<String> verifyOverHttp(DrillClient client, Map<Long, String> acknowledged) throws Exception {
        ConcurrentLinkedQueue<String> missing = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> checks = new ArrayList<>();
            for (Map.Entry<Long, String> e : acknowledged.entrySet()) {
                checks.add(pool.submit(() -> {
                    long id = e.getKey();
                    HttpResponse<String> read = client.send("GET", "/v1/memory/" + id, null);
                    if (read.statusCode() != 200 || !DrillClient.json(read).getString("content").contains(e.getValue())) {
                        missing.add("#" + id + " read " + read.statusCode());
                        return;
                    }
                    HttpResponse<String> found = client.send("POST", "/v1/memory/search",
                            "{\"query\":\"" + e.getValue() + "\",\"limit\":5}");
                    boolean hit = found.statusCode() == 200 && DrillClient.json(found).getJsonArray("hits").stream()
                            .map(JsonValue::asJsonObject)
                            .anyMatch(h -> h.getJsonNumber("id").longValue() == id);
                    if (!hit) {
                        missing.add("#" + id + " not found by searching " + e.getValue());
                    }
                }));
            }
            for (Future<?> f : checks) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return List.copyOf(missing);
    }

    private static void awaitGrowth(Map<Long, String> acknowledged, long atLeast, ServerProcess server, Path log) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (acknowledged.size() < atLeast) {
            if (!server.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("writes stopped being acknowledged\n" + ServerProcess.tail(log));
            }
            pause(10);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
