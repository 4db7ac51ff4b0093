package dev.strata.bootstrap;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.strata.adapters.http.GatewaySettings;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code openai} embedding provider against an OpenAI-compatible stub: memories are embedded
 * through {@code POST /v1/embeddings}, search is hybrid, and a provider that starts refusing makes
 * search fall back to keyword results instead of failing.
 */
class OpenAiEmbeddingEndToEndTest {

    private static final int DIMENSION = 16;

    @TempDir
    static Path dataDir;

    private static HttpServer stub;
    private static final AtomicBoolean refusing = new AtomicBoolean();
    private static final AtomicInteger requests = new AtomicInteger();
    private static Strata strata;
    private static Http http;

    @BeforeAll
    static void start() throws IOException {
        stub = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        stub.createContext("/v1/embeddings", OpenAiEmbeddingEndToEndTest::embeddings);
        stub.start();
        StrataSettings defaults = SettingsLoader.fromDefaults().load();
        strata = Strata.start(defaults.withDataDir(dataDir)
                .withRetrieval(defaults.retrieval().withOpenAi(URI.create("http://127.0.0.1:"
                        + stub.getAddress().getPort()), "stub-embed", OptionalInt.of(DIMENSION)))
                .withGateway(GatewaySettings.defaults("127.0.0.1", 0)), Clock.systemUTC());
        http = new Http(strata.port());
    }

    @AfterAll
    static void stop() {
        http.close();
        strata.close();
        stub.stop(0);
    }

    /** Bag-of-words vectors: texts sharing words point the same way. */
    private static void embeddings(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        if (refusing.get()) {
            byte[] body = "{\"error\":{\"message\":\"refused by the test\"}}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(400, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
            return;
        }
        JsonObject request = Json.createReader(new InputStreamReader(exchange.getRequestBody(), StandardCharsets.UTF_8))
                .readObject();
        List<String> inputs = request.getJsonArray("input").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString).toList();
        JsonArrayBuilder data = Json.createArrayBuilder();
        for (int i = 0; i < inputs.size(); i++) {
            double[] v = new double[DIMENSION];
            v[0] = 0.01;
            for (String w : inputs.get(i).toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
                if (!w.isEmpty()) {
                    v[Math.floorMod(w.hashCode(), DIMENSION)] += 1;
                }
            }
            JsonArrayBuilder vector = Json.createArrayBuilder();
            for (double x : v) {
                vector.add(x);
            }
            data.add(Json.createObjectBuilder().add("object", "embedding").add("index", i).add("embedding", vector));
        }
        byte[] body = Json.createObjectBuilder().add("object", "list").add("data", data).add("model", "stub-embed")
                .add("usage", Json.createObjectBuilder().add("prompt_tokens", 1).add("total_tokens", 1)).build()
                .toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    @Test
    void memoriesAreEmbeddedByTheProviderAndSearchIsHybridUntilItRefuses() {
        JsonObject created = http.json("POST", "/v1/memory",
                "{\"category\":\"observation\",\"content\":\"weekly review of the trading journal\"}", "oa");
        long id = created.getJsonNumber("id").longValueExact();
        Http.await("memory " + id + " to be embedded", () -> "embedded".equals(state(id)));

        JsonObject hybrid = http.json("POST", "/v1/memory/search", "{\"query\":\"trading journal\"}", "oa");
        assertThat(hybrid.getString("search_mode")).isEqualTo("hybrid");
        assertThat(hybrid.getJsonArray("hits").getJsonObject(0).getJsonNumber("id").longValueExact()).isEqualTo(id);
        assertThat(requests.get()).isGreaterThanOrEqualTo(2);

        refusing.set(true);
        try {
            JsonObject degraded = http.json("POST", "/v1/memory/search", "{\"query\":\"trading journal\"}", "oa");
            assertThat(degraded.getString("search_mode")).isEqualTo("keyword");
            assertThat(degraded.getJsonArray("hits").getJsonObject(0).getJsonNumber("id").longValueExact())
                    .isEqualTo(id);
        } finally {
            refusing.set(false);
        }
    }

    private static String state(long id) {
        try (Connection c = strata.database().connection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT embedding_state FROM memories WHERE id = " + id)) {
            return r.next() ? r.getString(1) : "";
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
