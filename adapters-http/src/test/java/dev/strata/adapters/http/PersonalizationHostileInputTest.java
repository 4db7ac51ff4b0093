package dev.strata.adapters.http;

import dev.strata.adapters.http.support.Problem;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.CapitalMetrics;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.StoredTagRow;
import dev.strata.domain.personalization.StrategyRun;
import dev.strata.domain.personalization.UserId;
import jakarta.json.JsonObject;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile input against every personalization route, on the real gateway over a socket: whatever
 * arrives, the answer is never a 5xx, a refusal is a problem document (the tools: their error
 * envelope) naming the field when the input is at fault, and a refused request leaves the default
 * user's profile row, tags, memories, capital and strategy runs exactly as they were.
 */
class PersonalizationHostileInputTest {

    /** Every personalization route that reads a JSON body, with the fields it knows. */
    private static final List<HostileInputTest.Endpoint> BODY_ENDPOINTS = List.of(
            new HostileInputTest.Endpoint("PATCH", "/v1/profile", List.of("custom_prompt", "reference_wallets",
                    "include_memories", "include_trading_summary", "include_tags")),
            new HostileInputTest.Endpoint("PUT", "/v1/profile/tags/risk", List.of("value")),
            new HostileInputTest.Endpoint("PUT", "/v1/profile/tags/markets", List.of("value")),
            new HostileInputTest.Endpoint("POST", "/v1/profile/onboarding", List.of("answers")),
            new HostileInputTest.Endpoint("POST", "/v1/profile/capital", List.of("spot_holdings_usd", "perp_value_usd")),
            new HostileInputTest.Endpoint("POST", "/v1/profile/strategy-runs", List.of("strategy_id", "allocated_usd")),
            new HostileInputTest.Endpoint("POST", "/v1/profile/strategy-runs/reconcile", List.of("running")),
            new HostileInputTest.Endpoint("POST", "/v1/profile/strategy-runs/{id}/stop",
                    List.of("stop_reason", "realized_pnl_usd")),
            new HostileInputTest.Endpoint("POST", "/v1/profile/strategy-runs/{id}/pnl", List.of("realized_pnl_usd")),
            new HostileInputTest.Endpoint("POST", "/v1/tools/personalization_snapshot", List.of("user_id")),
            new HostileInputTest.Endpoint("POST", "/v1/tools/search_conversation_memory",
                    List.of("query", "limit", "user_id")));

    /** Every personalization route, for path and query abuse ({id} takes the garbage). */
    private static final List<String> ALL_ROUTES = List.of("GET /v1/profile", "PATCH /v1/profile",
            "GET /v1/profile/tags", "PUT /v1/profile/tags/{id}", "DELETE /v1/profile/tags/{id}",
            "GET /v1/profile/onboarding", "POST /v1/profile/onboarding", "GET /v1/profile/capital",
            "POST /v1/profile/capital", "POST /v1/profile/capital/recompute", "GET /v1/profile/strategy-runs",
            "POST /v1/profile/strategy-runs", "POST /v1/profile/strategy-runs/reconcile",
            "POST /v1/profile/strategy-runs/{id}/stop", "POST /v1/profile/strategy-runs/{id}/pnl",
            "POST /v1/sessions/{id}/turn");

    private static GatewayExtension.Running gateway;
    private static long runId;
    private static String sessionId;

    @BeforeContainer
    static void startGatewayWithSomeState() {
        gateway = GatewayExtension.onFakes().start();
        gateway.api().post("/v1/profile/onboarding", "{\"answers\":{\"risk\":\"balanced\",\"markets\":[\"memes\"]}}")
                .assertJson(200);
        gateway.api().patch("/v1/profile", "{\"custom_prompt\":\"Be brief.\"}").assertJson(200);
        runId = gateway.api().post("/v1/profile/strategy-runs", "{\"strategy_id\":\"grid\",\"allocated_usd\":5}")
                .assertJson(201).id();
        sessionId = gateway.api().post("/v1/sessions", "").assertJson(201).json().getString("id");
    }

    @AfterContainer
    static void stopGateway() {
        gateway.close();
    }

    @Property(tries = 1_500, shrinking = ShrinkingMode.OFF)
    void arbitrary_json_is_never_a_5xx_and_a_refusal_changes_nothing(
            @ForAll("bodyEndpoints") HostileInputTest.Endpoint endpoint, @ForAll("anyJson") String json) {
        sendAndCheck(endpoint.path(), gateway.request(endpoint.method(), endpoint.path(runId)).json(json));
    }

    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void a_wrong_typed_known_field_is_refused_naming_that_field_or_one_inside_it_unless_it_fits(
            @ForAll("wrongTyped") Map.Entry<HostileInputTest.Endpoint, String> c) {
        HostileInputTest.Endpoint endpoint = c.getKey();
        HttpReply reply = sendAndCheck(endpoint.path(),
                gateway.request(endpoint.method(), endpoint.path(runId)).json(c.getValue()));

        if (reply.status() != 400) {
            // The "wrong" values are wrong for text fields; for an amount a number fits (and may then meet the
            // run's state, a 409), for the reconcile list [] fits. sendAndCheck already saw no 5xx.
            return;
        }
        String field = reply.json().getString("field", "");
        assertThat(endpoint.fields()).as(reply.text()).anyMatch(f -> field.equals(f) || field.startsWith(f + ".")
                || field.startsWith(f + "["));
    }

    @Property(tries = 300, shrinking = ShrinkingMode.OFF)
    void deeply_nested_bodies_are_refused_without_a_5xx(@ForAll("bodyEndpoints") HostileInputTest.Endpoint endpoint,
                                                        @ForAll("deeplyNested") String json) {
        sendAndCheck(endpoint.path(), gateway.request(endpoint.method(), endpoint.path(runId)).json(json));
    }

    @Property(tries = 800, shrinking = ShrinkingMode.OFF)
    void garbage_in_paths_and_the_user_id_is_never_a_5xx(@ForAll("routes") String route,
                                                         @ForAll("urlGarbage") String id,
                                                         @ForAll("urlGarbage") String user) {
        String method = route.substring(0, route.indexOf(' '));
        String path = route.substring(route.indexOf(' ') + 1).replace("{id}", id);
        sendAndCheck(path, gateway.request(method, path + "?user_id=" + user + "&limit=" + id).json("{}"));
    }

    /** A turn of a live session: any body is answered or refused naming {@code message}, never a 5xx. */
    @Property(tries = 400, shrinking = ShrinkingMode.OFF)
    void arbitrary_turn_bodies_are_never_a_5xx_and_a_wrong_typed_message_is_refused_naming_it(
            @ForAll("anyJson") String json, @ForAll("wrongTypedMessage") String wrong) {
        String path = "/v1/sessions/" + sessionId + "/turn";
        sendAndCheck(path, gateway.request("POST", path).json(json));

        HttpReply reply = sendAndCheck(path, gateway.request("POST", path).json(wrong));
        assertThat(reply.status()).as("%s -> %s", wrong, reply.text()).isEqualTo(400);
        assertThat(reply.json().getString("field", "")).isEqualTo("message");
    }

    @Property(tries = 500, shrinking = ShrinkingMode.OFF)
    void hostile_text_in_every_text_field_is_stored_as_given_or_refused(@ForAll("unicodeText") String text) {
        String quoted = HostileJson.quote(text);
        sendAndCheck("/v1/profile", gateway.request("PATCH", "/v1/profile?user_id=hostile")
                .json("{\"custom_prompt\":" + quoted + "}"));
        sendAndCheck("/v1/profile/onboarding", gateway.request("POST", "/v1/profile/onboarding?user_id=hostile")
                .json("{\"answers\":{\"investing_capital\":" + quoted + "}}"));
        sendAndCheck("/v1/profile/tags/style", gateway.request("PUT", "/v1/profile/tags/style?user_id=hostile")
                .json("{\"value\":" + quoted + "}"));
        sendAndCheck("/v1/tools/search_conversation_memory", gateway.request("POST",
                "/v1/tools/search_conversation_memory").json("{\"query\":" + quoted + "}"));
        sendAndCheck("/v1/sessions/{id}/turn", gateway.request("POST", "/v1/sessions/" + sessionId + "/turn")
                .json("{\"message\":" + quoted + "}"));
    }

    private static HttpReply sendAndCheck(String route, GatewayExtension.Request request) {
        Stored before = Stored.now();
        HttpReply reply = request.send();
        assertThat(reply.status()).as("%s answered %s", route, reply.text()).isLessThan(500);
        if (reply.status() >= 400) {
            JsonObject body = reply.json();
            if (route.startsWith("/v1/tools/") && reply.contentType().startsWith("application/json")) {
                assertThat(body.getBoolean("ok")).isFalse();
            } else {
                assertThat(reply.contentType()).as(reply.text()).startsWith(Problem.MEDIA_TYPE);
                assertThat(body.getInt("status")).isEqualTo(reply.status());
                if (body.getString("type").endsWith(":invalid-input")) {
                    assertThat(body.containsKey("field")).as(reply.text()).isTrue();
                }
            }
            assertThat(Stored.now()).as("stored data after a refused %s", route).isEqualTo(before);
        }
        return reply;
    }

    @Provide
    Arbitrary<HostileInputTest.Endpoint> bodyEndpoints() {
        return Arbitraries.of(BODY_ENDPOINTS);
    }

    @Provide
    Arbitrary<String> anyJson() {
        return HostileJson.anyJson();
    }

    @Provide
    Arbitrary<String> deeplyNested() {
        return HostileJson.deeplyNested();
    }

    @Provide
    Arbitrary<String> unicodeText() {
        return HostileJson.unicodeText();
    }

    @Provide
    Arbitrary<Map.Entry<HostileInputTest.Endpoint, String>> wrongTyped() {
        return Arbitraries.of(BODY_ENDPOINTS).flatMap(e -> HostileJson.wrongTyped(e.fields()).map(j -> Map.entry(e, j)));
    }

    @Provide
    Arbitrary<String> wrongTypedMessage() {
        return HostileJson.wrongTyped(List.of("message")).filter(j -> !j.contains("\"message\":\""));
    }

    @Provide
    Arbitrary<String> routes() {
        return Arbitraries.of(ALL_ROUTES);
    }

    @Provide
    Arbitrary<String> urlGarbage() {
        return Arbitraries.of("0", "-1", "1e3", "%00", "%2F", "..", "%2e%2e", "99999999999999999999", "risk",
                        "markets", "FOMO%20Index", "%F0%9F%98%80", "%C3%28", "%ED%A0%80", "+", "%20", "a%0Ab", "~",
                        "%FF", "default", "ann", "a:b.c", "%27%3B%20DROP")
                .list().ofMinSize(1).ofMaxSize(3).map(parts -> String.join("", parts));
    }

    /** What a refused request must not change: the default user's whole personalization state. */
    private record Stored(Optional<FinancialProfile> profile, List<StoredTagRow> tags, List<Memory> memories,
                          Optional<CapitalMetrics> capital, List<StrategyRun> runs) {

        static Stored now() {
            InMemoryBackend b = gateway.backend();
            return new Stored(b.financialProfiles.find(Tenant.DEFAULT, UserId.DEFAULT), b.tagStore.rawRows(Tenant.DEFAULT),
                    b.memoryStore.list(Tenant.DEFAULT, Optional.empty(), 1_000),
                    b.capital.metrics(Tenant.DEFAULT, UserId.DEFAULT),
                    b.strategyRuns.history(Tenant.DEFAULT, UserId.DEFAULT, Optional.of(500)));
        }
    }
}
