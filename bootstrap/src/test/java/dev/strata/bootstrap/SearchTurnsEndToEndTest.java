package dev.strata.bootstrap;

import dev.strata.application.retrieval.SearchAdmission;
import dev.strata.bootstrap.retrieval.SearchSettings;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Searches run in turns on the running server (issue 13, "Searches in turns"): with every turn taken, a search over
 * HTTP (or through the agent tool) waits at most {@code strata.search.max-wait-ms} and is then answered 503 with
 * a problem body and a {@code Retry-After}, a write is not held up at all, and the metrics count it; once the turns are free, the same search answers. The server runs the
 * test defaults (keyword search, no embedder): the bound and its metrics do not depend on the model.
 */
class SearchTurnsEndToEndTest {

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.started(s -> s.with(
            s.search().withAdmission(new SearchSettings.Admission(1, Duration.ofMillis(300)))));

    @Test
    void a_search_that_finds_every_turn_taken_is_answered_503_after_its_wait_and_the_next_one_answers()
            throws Exception {
        assertThat(server.http().send("POST", "/v1/memory", "{\"category\":\"observation\",\"content\":\"the lighthouse keeper logs the tide\"}",
                "turns").statusCode()).isEqualTo(201);
        SearchAdmission turns = server.strata().core().retrieval().search().admission();
        assertThat(turns.maxConcurrent()).isEqualTo(Runtime.getRuntime().availableProcessors());

        // Every turn held by a search of our own, as long-running searches would hold them.
        CountDownLatch holding = new CountDownLatch(turns.maxConcurrent());
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> holders = new ArrayList<>();
        for (int i = 0; i < turns.maxConcurrent(); i++) {
            holders.add(Thread.ofVirtual().start(() -> turns.admit(dev.strata.domain.memory.Tenant.of("holder"), () -> {
                holding.countDown();
                try {
                    return release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            })));
        }
        assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
        try {
            long began = System.nanoTime();
            HttpResponse<String> refused = server.http().send("POST", "/v1/memory/search",
                    "{\"query\":\"lighthouse\"}", "turns");
            long waitedMillis = (System.nanoTime() - began) / 1_000_000;

            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(
                    type -> assertThat(type).startsWith("application/problem+json"));
            assertThat(json(refused).getString("detail")).contains("searches are running")
                    .contains("waited 300 ms for its turn");
            assertThat(waitedMillis).as("it waited for its turn before giving up").isGreaterThanOrEqualTo(300);
            // A tenth of the 300 ms it gave up on, rounded up to HTTP's whole seconds.
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
            // The agent tool says the same, in its envelope.
            HttpResponse<String> tool = server.http().send("POST", "/v1/tools/memory_search",
                    "{\"query\":\"lighthouse\"}", "turns");
            assertThat(tool.statusCode()).as(tool.body()).isEqualTo(503);
            assertThat(tool.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(tool.body()).contains("waited 300 ms for its turn");
            // Writes take no turn: one goes through while every search turn is taken.
            assertThat(server.http().send("POST", "/v1/memory", "{\"category\":\"observation\",\"content\":\"the keeper rows out at dawn\"}",
                    "turns").statusCode()).isEqualTo(201);
            assertThat(turns.stats().turnedAway()).isEqualTo(2);
        } finally {
            release.countDown();
            for (Thread t : holders) {
                t.join();
            }
        }

        HttpResponse<String> answered = server.http().send("POST", "/v1/memory/search", "{\"query\":\"lighthouse\"}",
                "turns");
        assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
        assertThat(answered.body()).contains("the lighthouse keeper logs the tide");

        String metrics = server.http().send("GET", "/observe/metrics", null, null).body();
        assertThat(metrics).containsPattern("strata_search_admission_turned_away\\S*\\s+2(\\.0)?\\b")
                .contains("strata_search_admission_waits").contains("strata_search_admission_longest_wait_ms");
    }

    private static JsonObject json(HttpResponse<String> res) {
        return Json.createReader(new StringReader(res.body())).readObject();
    }
}
