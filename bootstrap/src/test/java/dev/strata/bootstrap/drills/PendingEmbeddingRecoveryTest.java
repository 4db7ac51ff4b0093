package dev.strata.bootstrap.drills;

import dev.strata.bootstrap.EmbeddingStub;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rows whose embedding was never done — the model could not keep up, then the server was stopped
 * (SIGTERM) or killed (SIGKILL) — stay {@code pending} in the file and are embedded after a restart
 * by the embedding catch-up alone, no {@code strata reindex}; then the vector arm finds them.
 *
 * <p>The real server runs in a child JVM on a real SQLite file with the {@code openai} provider
 * pointed at a stub in this JVM, which can hold requests: that makes "the model cannot keep up"
 * and "a batch is in flight at the stop" deterministic. A queue of 4, batches of 2 and a catch-up
 * every second keep the drill short.
 */
class PendingEmbeddingRecoveryTest {

    private static final int DIMENSION = 64;

    @TempDir
    Path dir;

    private final Map<Long, String> tokens = new LinkedHashMap<>();

    @Test
    void rows_left_pending_by_a_stop_or_a_crash_are_embedded_after_a_restart_without_reindex() throws Exception {
        Path data = dir.resolve("data");
        Path workspace = dir.resolve("workspace");
        Path log = dir.resolve("server.log");
        Path file = data.resolve("strata.db");
        try (EmbeddingStub model = new EmbeddingStub(DIMENSION)) {
            String[] env = {"EMBEDDING_PROVIDER", "openai",
                    "STRATA_EMBEDDING_OPENAI_BASE_URL", model.baseUrl().toString(),
                    "STRATA_EMBEDDING_OPENAI_MODEL", EmbeddingStub.MODEL,
                    "STRATA_EMBEDDING_OPENAI_DIMENSION", String.valueOf(DIMENSION),
                    "STRATA_EMBEDDING_QUEUE_CAPACITY", "4",
                    "STRATA_EMBEDDING_BATCH_SIZE", "2",
                    "STRATA_EMBEDDING_CATCH_UP_INTERVAL_SECONDS", "1"};

            // 1. The model is stuck: 10 writes are acknowledged (more than the batch in flight, the
            //    queue and the backlog hold), none embedded. SIGTERM while the model holds a batch; once
            //    the server stops accepting requests the model answers that batch, and only that one: it
            //    finishes and is embedded. A batch the worker might still take before it notices the stop
            //    is held until the stop's grace interrupts it. Every other row stays pending.
            model.hold();
            ServerProcess first = ServerProcess.start(data, workspace, log, env);
            write(first, 10);
            awaitTrue("the first batch reaches the model", () -> model.requests() >= 1, log);
            assertThat(Set.copyOf(DatabaseChecks.embeddingStates(file).values())).containsExactly("pending");

            AtomicInteger exit = new AtomicInteger(-1);
            Thread sigterm = Thread.ofPlatform().start(() -> exit.set(first.terminate()));
            awaitTrue("the server to stop accepting requests", () -> refuses(first.port()), log);
            model.releaseReceived();
            sigterm.join(60_000);
            assertThat(exit.get()).as("exit code after SIGTERM").isIn(0, 143);

            Set<Long> inFlight = idsIn(model.received().getFirst());
            assertThat(inFlight).isNotEmpty();
            Map<Long, String> afterStop = DatabaseChecks.embeddingStates(file);
            assertThat(afterStop).hasSize(10);
            afterStop.forEach((id, state) -> assertThat(state).as("memory %d after SIGTERM", id)
                    .isEqualTo(inFlight.contains(id) ? "embedded" : "pending"));
            assertThat(DatabaseChecks.memoriesWithVectors(file)).as("vectors exactly for the finished batch")
                    .isEqualTo(inFlight);

            // 2. Restart with the model still stuck, 4 more writes, SIGKILL while a batch is in flight:
            //    nothing new is embedded, nothing is marked failed, nothing is lost.
            model.hold();
            int requestsBefore = model.requests();
            ServerProcess second = ServerProcess.start(data, workspace, log, env);
            write(second, 4);
            awaitTrue("a batch to reach the model", () -> model.requests() > requestsBefore, log);
            second.kill();

            Map<Long, String> afterKill = DatabaseChecks.embeddingStates(file);
            assertThat(afterKill).hasSize(14);
            afterKill.forEach((id, state) -> assertThat(state).as("memory %d after SIGKILL", id)
                    .isEqualTo(inFlight.contains(id) ? "embedded" : "pending"));
            assertThat(DatabaseChecks.memoriesWithVectors(file)).isEqualTo(inFlight);

            // 3. Restart with a working model and no reindex: the catch-up at start embeds every row.
            model.release();
            ServerProcess third = ServerProcess.start(data, workspace, log, env);
            try (DrillClient client = new DrillClient(third::port)) {
                awaitTrue("every row to be embedded", () -> allEmbedded(file, 14), log);
                assertThat(DatabaseChecks.memoriesWithVectors(file)).isEqualTo(tokens.keySet());
                assertFoundByTheVectorArm(client);

                // 4. While it runs: writes that outrun a stuck model overflow the queue; once the model
                //    answers again the periodic catch-up embeds them, still without a restart.
                model.hold();
                int requestsNow = model.requests();
                int fullWarnings = occurrences(log, "the embedding queue is full");
                write(third, 10);
                awaitTrue("a batch to reach the model", () -> model.requests() > requestsNow, log);
                awaitTrue("the queue to overflow", () -> occurrences(log, "the embedding queue is full") > fullWarnings,
                        log);
                model.release();
                awaitTrue("every row to be embedded", () -> allEmbedded(file, 24), log);
                assertFoundByTheVectorArm(client);
            } finally {
                assertThat(third.terminate()).isIn(0, 143);
            }
        }
        try (Connection c = DatabaseChecks.open(file)) {
            assertThat(DatabaseChecks.integrityCheck(c)).containsExactly("ok");
        }
        assertThat(DatabaseChecks.orphanVectors(file)).hasValue(0);
        System.out.printf("pending-embedding drill: %d memories; pending across SIGTERM and SIGKILL, embedded after "
                + "restart and by the periodic catch-up without reindex, all found by the vector arm%n", tokens.size());
    }

    /** Single writes, each with a word no other memory has; every one must be acknowledged. */
    private void write(ServerProcess server, int count) {
        try (DrillClient client = new DrillClient(server::port)) {
            for (int i = 0; i < count; i++) {
                String token = "pe" + tokens.size() + "q";
                var response = client.send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"note "
                        + token + " written while the model was stuck\"}");
                assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
                tokens.put(DrillClient.json(response).getJsonNumber("id").longValue(), token);
            }
        }
    }

    /**
     * A query that shares no word with any memory finds nothing by keywords, so every hit comes from
     * the vector arm alone, and every memory is among them; a memory's own word finds it first, by every arm
     * (keyword, vector, and the passage arm that indexes it with its neighbours).
     */
    private void assertFoundByTheVectorArm(DrillClient client) {
        JsonObject unrelated = DrillClient.json(client.send("POST", "/v1/memory/search",
                "{\"query\":\"zebra\",\"limit\":100}"));
        assertThat(unrelated.getString("search_mode")).isEqualTo("hybrid");
        List<JsonObject> hits = unrelated.getJsonArray("hits").stream().map(JsonValue::asJsonObject).toList();
        assertThat(hits).allSatisfy(h -> assertThat(arms(h)).containsExactly("vector"));
        assertThat(hits.stream().map(h -> h.getJsonNumber("id").longValue()).collect(Collectors.toSet()))
                .isEqualTo(tokens.keySet());

        tokens.forEach((id, token) -> {
            JsonObject found = DrillClient.json(client.send("POST", "/v1/memory/search",
                    "{\"query\":\"" + token + "\",\"limit\":5}"));
            JsonObject top = found.getJsonArray("hits").getJsonObject(0);
            assertThat(top.getJsonNumber("id").longValue()).as("top hit for %s", token).isEqualTo(id);
            assertThat(arms(top)).as("arms of memory %d", id).containsExactly("keyword", "vector", "passage");
        });
    }

    private static List<String> arms(JsonObject hit) {
        return hit.getJsonArray("arms").getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
    }

    /** The memories whose text was in one embedding request. */
    private Set<Long> idsIn(List<String> inputs) {
        Set<Long> ids = new HashSet<>();
        tokens.forEach((id, token) -> {
            if (inputs.stream().anyMatch(text -> text.contains(" " + token + " "))) {
                ids.add(id);
            }
        });
        return ids;
    }

    private static boolean refuses(int port) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static boolean allEmbedded(Path file, int expected) {
        try {
            Map<Long, String> states = DatabaseChecks.embeddingStates(file);
            return states.size() == expected && states.values().stream().allMatch("embedded"::equals);
        } catch (SQLException e) {
            return false; // the server holds a write lock for a moment: read again
        }
    }

    private static int occurrences(Path log, String text) {
        try {
            return Files.exists(log) ? (int) Files.readAllLines(log).stream().filter(l -> l.contains(text)).count() : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Polls a state change with a generous bound; the bound only turns a hang into a failure. */
    private static void awaitTrue(String what, BooleanSupplier condition, Path log) throws InterruptedException {
        long deadline = System.nanoTime() + 45_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "\n" + ServerProcess.tail(log));
            }
            Thread.sleep(50);
        }
    }
}
