package dev.strata.adapters.http;

import dev.strata.adapters.http.role.RoleHttpService;
import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.role.PriceService;
import dev.strata.application.role.RoleMemoryService;
import dev.strata.application.role.RoleProbes;
import dev.strata.application.role.RoleRecall;
import dev.strata.application.role.RoleReflector;
import dev.strata.application.role.StoredPriceFeed;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.TokenUsage;
import dev.strata.domain.profile.InMemoryUserProfileStore;
import dev.strata.domain.role.Evidence;
import dev.strata.domain.role.InMemoryPricePointStore;
import dev.strata.domain.role.InMemoryRoleMemoryStore;
import dev.strata.domain.role.ProbeRegistry;
import dev.strata.domain.role.RoleFixtures;
import dev.strata.domain.role.RoleRegistry;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RoleHttpService} on a real socket, behind the gateway's own routing (filters, error mapping),
 * over the in-memory fakes and a stub model. Registered here by hand: the gateway registers it in
 * the wiring wave.
 */
class RoleEndpointsTest {

    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");

    private final MutableClock clock = new MutableClock(T0);
    private final InMemoryRoleMemoryStore store = new InMemoryRoleMemoryStore();
    private final InMemoryPricePointStore priceStore = new InMemoryPricePointStore();
    private final Gateway server;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** Classifies every decision as a logic error and answers one lesson. */
    private static final LanguageModel MODEL = new LanguageModel() {
        @Override
        public ChatResponse chat(ChatRequest request) {
            TokenUsage usage = new TokenUsage(10, 10);
            if (request.outputSchema().isPresent()) {
                return ChatResponse.structured("{}", new JsonNode.ObjectNode(Map.of(
                        "classification", new JsonNode.TextNode("logic_error"),
                        "narrative", new JsonNode.TextNode("Anchored to the last print."))), usage, "stub");
            }
            return ChatResponse.text("Check funding before calling a top.", usage, "stub");
        }

        @Override
        public boolean isEnabled() {
            return true;
        }

        @Override
        public String model() {
            return "stub";
        }
    };

    private static final Embedder NO_EMBEDDER = new Embedder() {
        @Override
        public Optional<EmbeddingModelInfo> modelInfo() {
            return Optional.empty();
        }

        @Override
        public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
            throw new AssertionError("off");
        }
    };

    RoleEndpointsTest() {
        RoleRegistry registry = RoleRegistry.builder().register(RoleFixtures.targetPrice())
                .register(RoleFixtures.thesisReview()).build();
        InMemoryAuditLog audit = new InMemoryAuditLog();
        RoleMemoryService roles = new RoleMemoryService(registry, store, new EdgeExtractor(new FinanceEntityExtractor()),
                new RoleRecall(store, NO_EMBEDDER), audit, clock);
        ProbeRegistry probes = ProbeRegistry.builder().source("get_price", r -> Optional.of(new Evidence("refetch_source",
                "get_price", "quoted 100", r.now()))).build();
        RoleReflector reflector = new RoleReflector(registry, store, audit, MODEL,
                new RoleProbes(new StoredPriceFeed(priceStore, Duration.ofHours(1)), probes), clock, 20);
        PriceService prices = new PriceService(priceStore, audit, clock, (tenant, asset) -> { });
        GatewaySettings settings = GatewaySettings.defaults("127.0.0.1", 0);
        RoleHttpService roleHttp = new RoleHttpService(roles, reflector, prices, settings.maxBodyBytes());
        InMemoryBackend backend = new InMemoryBackend();
        // the backend mounts its own role area; this test mounts one over its own fakes and stub model instead
        List<Resource> resources = new java.util.ArrayList<>(backend.resources(settings).stream()
                .filter(r -> !List.of("/v1/roles", "/v1/role-memory", "/v1/prices").contains(r.path())).toList());
        resources.addAll(roleHttp.resources());
        server = Gateway.start(settings, backend.core(), resources);
    }

    @AfterEach
    void stop() {
        http.close();
        server.close();
    }

    private record Reply(int status, String body, Optional<String> location) {
        JsonObject json() {
            try (JsonReader r = Json.createReader(new StringReader(body))) {
                return r.readObject();
            }
        }
    }

    private Reply send(String tenant, String method, String path, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (tenant != null) {
            b.header("X-Strata-Tenant", tenant);
        }
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(r.statusCode(), r.body(), r.headers().firstValue("Location"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Reply get(String tenant, String path) {
        return send(tenant, "GET", path, null);
    }

    private Reply post(String tenant, String path, String body) {
        return send(tenant, "POST", path, body);
    }

    private static final String TARGET = "/v1/roles/analysis.valuation.target_price";

    @Test
    void the_declared_roles_are_listed_with_their_policy() {
        Reply reply = get("alice", "/v1/roles");

        assertThat(reply.status()).isEqualTo(200);
        JsonObject first = reply.json().getJsonArray("roles").getJsonObject(0);
        assertThat(first.getString("id")).isEqualTo("analysis.valuation.target_price");
        assertThat(first.getString("skill")).isEqualTo("analysis.valuation");
        assertThat(first.getJsonObject("outcome_probe").getString("kind")).isEqualTo("price_delta");
        assertThat(first.getJsonObject("outcome_probe").getInt("window_hours")).isEqualTo(168);
        assertThat(first.getString("cron_expr")).isEqualTo("0 6 * * *");
        assertThat(first.getJsonArray("triggers").getValuesAs(jakarta.json.JsonString.class))
                .extracting(jakarta.json.JsonString::getString).containsExactly("cron", "on_price_fetch");
        assertThat(first.getJsonArray("post_hoc_probes").getJsonObject(0).getJsonObject("param_mapper")
                .getString("asset")).isEqualTo("symbol");
        assertThat(get("alice", "/v1/roles/research.thesis").json().getJsonObject("outcome_probe").getString("kind"))
                .isEqualTo("manual");
        assertThat(get("alice", "/v1/roles/gone.role").status()).isEqualTo(404);
    }

    @Test
    void the_worked_example_records_prices_reflects_and_recalls_the_lesson() {
        Reply created = post("alice", TARGET + "/decisions",
                "{\"decision\": \"target 120 within a week\", \"inputs\": {\"asset\": \"btc\", \"rsi\": 71}}");
        assertThat(created.status()).isEqualTo(201);
        long id = created.json().getJsonNumber("id").longValue();
        assertThat(created.location()).contains("/v1/role-memory/" + id);
        assertThat(created.json().getString("asset")).isEqualTo("BTC");
        assertThat(created.json().getJsonObject("inputs").getInt("rsi")).isEqualTo(71);
        assertThat(created.json().getString("status")).isEqualTo("pending");
        assertThat(created.json().keySet()).containsExactly("id", "role", "asset", "decision", "inputs", "status",
                "created_at", "updated_at", "outcome", "evidence", "classification", "narrative", "lesson", "reflected_at",
                "model", "note");
        assertThat(created.json().isNull("reflected_at")).isTrue();

        assertThat(post("alice", "/v1/prices", "{\"prices\": [{\"asset\": \"BTC\", \"price\": 100, \"at\": \"" + T0
                + "\", \"source\": \"agent:get_price\"}]}").json().getJsonArray("assets").getString(0)).isEqualTo("BTC");
        clock.advance(Duration.ofHours(168));
        assertThat(post("alice", "/v1/prices", "{\"prices\": [{\"asset\": \"BTC\", \"price\": 92}]}").status())
                .isEqualTo(200);

        JsonObject reflect = post("alice", TARGET + "/reflect", null).json();
        assertThat(reflect.getBoolean("dropped")).isFalse();
        assertThat(reflect.getInt("reflected")).isEqualTo(1);
        assertThat(reflect.getJsonArray("entries").getJsonObject(0).getString("classification")).isEqualTo("logic_error");

        JsonObject entry = get("alice", "/v1/role-memory/" + id).json();
        assertThat(entry.getString("status")).isEqualTo("reflected");
        assertThat(entry.getString("lesson")).isEqualTo("Check funding before calling a top.");
        assertThat(entry.getJsonObject("outcome").getString("summary")).startsWith("BTC 100 -> 92 (-8.00%)");
        assertThat(entry.getJsonObject("outcome").getJsonNumber("change_percent").doubleValue()).isEqualTo(-8.0);

        JsonObject recall = get("alice", TARGET + "/recall").json();
        assertThat(recall.getJsonArray("lessons").getJsonObject(0).getString("lesson"))
                .isEqualTo("Check funding before calling a top.");
        assertThat(recall.containsKey("search_mode")).isTrue();
        assertThat(recall.isNull("search_mode")).isTrue();
        JsonObject search = get("alice", TARGET + "/recall?query=week&limit=3").json();
        assertThat(search.getString("search_mode")).isEqualTo("keyword");
        assertThat(search.getJsonArray("hits").getJsonObject(0).getJsonObject("entry").getInt("id")).isEqualTo((int) id);
    }

    @Test
    void a_person_records_a_manual_outcome_and_pushes_evidence() {
        long id = post("alice", "/v1/roles/research.thesis/decisions", "{\"decision\": \"rates fall by June\"}").json()
                .getJsonNumber("id").longValue();

        Reply evidence = post("alice", "/v1/role-memory/" + id + "/evidence",
                "{\"kind\": \"news\", \"source\": \"reuters\", \"text\": \"CPI surprised at 4.1%\"}");
        Reply outcome = post("alice", "/v1/role-memory/" + id + "/outcome",
                "{\"outcome\": \"rates rose 50bp\", \"change_percent\": -4.2}");

        assertThat(evidence.json().getJsonArray("evidence").getJsonObject(0).getString("text")).isEqualTo("CPI surprised at 4.1%");
        assertThat(outcome.status()).isEqualTo(200);
        assertThat(outcome.json().getJsonObject("outcome").getString("source")).isEqualTo("manual");
        long target = post("alice", TARGET + "/decisions", "{\"decision\": \"x\", \"asset\": \"BTC\"}").json()
                .getJsonNumber("id").longValue();
        Reply refused = post("alice", "/v1/role-memory/" + target + "/outcome", "{\"outcome\": \"up\"}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().getString("field")).isEqualTo("outcome");
    }

    @Test
    void every_route_acts_in_the_requests_tenant_only() {
        long id = post("alice", "/v1/roles/research.thesis/decisions", "{\"decision\": \"rates fall\"}").json()
                .getJsonNumber("id").longValue();
        post("alice", "/v1/prices", "{\"prices\": [{\"asset\": \"BTC\", \"price\": 100, \"at\": \"" + T0 + "\"}]}");

        assertThat(get("bob", "/v1/role-memory/" + id).status()).isEqualTo(404);
        assertThat(post("bob", "/v1/role-memory/" + id + "/outcome", "{\"outcome\": \"mine\"}").status()).isEqualTo(404);
        assertThat(post("bob", "/v1/role-memory/" + id + "/evidence", "{\"kind\": \"note\", \"text\": \"mine\"}").status())
                .isEqualTo(404);
        JsonObject bobsReflect = post("bob", "/v1/roles/research.thesis/reflect", null).json();
        assertThat(bobsReflect.getJsonArray("entries")).isEmpty();
        assertThat(get("bob", "/v1/roles/research.thesis/recall?query=rates").json().getJsonArray("hits")).isEmpty();
        assertThat(priceStore.nearest(dev.strata.domain.memory.Tenant.of("bob"), dev.strata.domain.role.Asset.of("BTC"), T0,
                Duration.ofDays(1))).isEmpty();
        assertThat(get("alice", "/v1/role-memory/" + id).json().isNull("outcome")).isTrue();
        assertThat(get("alice", "/v1/roles/research.thesis/recall?query=rates").json().getJsonArray("hits")).hasSize(1);
    }

    @Test
    void hostile_inputs_are_400_problems_naming_the_field_and_store_nothing() {
        Map<String, String[]> cases = new java.util.LinkedHashMap<>();
        cases.put("decision", new String[] {TARGET + "/decisions", "{\"asset\": \"BTC\"}"});
        cases.put("sneaky", new String[] {TARGET + "/decisions", "{\"decision\": \"x\", \"asset\": \"BTC\", \"sneaky\": 1}"});
        cases.put("inputs", new String[] {TARGET + "/decisions", "{\"decision\": \"x\", \"asset\": \"BTC\", \"inputs\": [1]}"});
        cases.put("inputs.asset", new String[] {TARGET + "/decisions", "{\"decision\": \"x\", \"inputs\": {\"asset\": 7}}"});
        cases.put("asset", new String[] {TARGET + "/decisions", "{\"decision\": \"x\", \"asset\": \"BTC'; DROP TABLE x; --\"}"});
        cases.put("body", new String[] {TARGET + "/decisions", "{\"decision\": "});
        cases.put("prices", new String[] {"/v1/prices", "{\"prices\": {\"asset\": \"BTC\"}}"});
        cases.put("prices[0].price", new String[] {"/v1/prices", "{\"prices\": [{\"asset\": \"BTC\", \"price\": \"100\"}]}"});
        cases.put("prices[0].at", new String[] {"/v1/prices", "{\"prices\": [{\"asset\": \"BTC\", \"price\": 1, \"at\": \"yesterday\"}]}"});
        cases.put("prices[1].asset", new String[] {"/v1/prices", "{\"prices\": [{\"asset\": \"BTC\", \"price\": 1}, "
                + "{\"asset\": \"../x\", \"price\": 1}]}"});
        cases.put("kind", new String[] {"/v1/role-memory/1/evidence", "{\"kind\": \"refetch_source\", \"text\": \"x\"}"});
        for (var c : cases.entrySet()) {
            Reply reply = post("alice", c.getValue()[0], c.getValue()[1]);
            assertThat(reply.status()).as(c.getKey()).isEqualTo(400);
            assertThat(reply.json().getString("field")).as(c.getKey()).isEqualTo(c.getKey());
        }
        String longDecision = "{\"decision\": \"" + "x".repeat(4001) + "\", \"asset\": \"BTC\"}";
        assertThat(post("alice", TARGET + "/decisions", longDecision).json().getString("field")).isEqualTo("decision");
        assertThat(get("alice", "/v1/role-memory/12abc").json().getString("field")).isEqualTo("id");
        assertThat(get("alice", "/v1/roles/Bad%20Role/recall").json().getString("field")).isEqualTo("role");
        assertThat(get("alice", TARGET + "/recall?limit=1000").json().getString("field")).isEqualTo("limit");
        assertThat(get("Not A Tenant", "/v1/roles").status()).isEqualTo(400);
        assertThat(store.writes).isZero();
        assertThat(priceStore.nearest(dev.strata.domain.memory.Tenant.of("alice"), dev.strata.domain.role.Asset.of("BTC"),
                T0, Duration.ofDays(1))).isEmpty();
    }
}
