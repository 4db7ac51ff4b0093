package dev.strata.adapters.http;

import dev.strata.adapters.http.support.Problem;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.conversation.Message;
import dev.strata.domain.learning.CaseFilter;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyCase;
import dev.strata.domain.learning.MethodologyFilter;
import dev.strata.domain.learning.PreferenceFilter;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.profile.ProfileEntry;
import dev.strata.domain.role.PricePoint;
import dev.strata.domain.role.RoleMemoryEntry;
import jakarta.json.JsonObject;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property-based hostile input against the real gateway over a socket (services over in-memory
 * fakes): whatever arrives, the answer is never a 5xx, every refusal is a problem document (the
 * tools: their error envelope) naming the field when the input is at fault, and a refused request
 * leaves the stored memories, profile and audit trail exactly as they were.
 */
class HostileInputTest {

    /** The role area's manual role: its entries take a person's outcome. */
    private static final String ROLE = "research.thesis";

    /** Every route that reads a JSON body, with the fields it knows. */
    private static final List<Endpoint> BODY_ENDPOINTS = List.of(
            new Endpoint("POST", "/v1/memory", List.of("category", "content", "metadata", "source", "key",
                    "supersede_reason", "occurred_at")),
            new Endpoint("POST", "/v1/memory/batch", List.of("memories")),
            new Endpoint("POST", "/v1/memory/search", List.of("query", "limit", "category", "occurred_after",
                    "occurred_before", "as_of", "reference_time")),
            new Endpoint("PATCH", "/v1/memory/{id}", List.of("content", "metadata", "occurred_at")),
            new Endpoint("PUT", "/v1/profile/risk", List.of("value")),
            new Endpoint("POST", "/v1/facts", List.of("content")),
            new Endpoint("POST", "/v1/tools/memory_write", List.of("category", "content", "metadata", "source",
                    "occurred_at")),
            new Endpoint("POST", "/v1/tools/memory_search", List.of("query", "limit", "category", "occurred_after",
                    "occurred_before", "as_of", "reference_time")),
            new Endpoint("POST", "/v1/tools/memory_read", List.of("category", "limit")),
            new Endpoint("POST", "/v1/tools/memory_save", List.of("key", "content", "type", "supersede_reason",
                    "metadata", "occurred_at")),
            new Endpoint("POST", "/v1/tools/memory_delete", List.of("key")),
            new Endpoint("POST", "/v1/tools/memory_list", List.of("type", "limit")),
            new Endpoint("POST", "/v1/methodologies", List.of("asset_class", "title", "body", "provenance")),
            new Endpoint("POST", "/v1/methodologies/seed", List.of("methodologies")),
            new Endpoint("POST", "/v1/trades", List.of("asset", "asset_class", "side", "size", "entry_price",
                    "opened_at", "exit_price", "pnl", "closed_at", "methodology_ids", "hint_hash", "decision")),
            new Endpoint("POST", "/v1/trades/{id}/outcome", List.of("exit_price", "pnl", "closed_at")),
            new Endpoint("POST", "/v1/cases", List.of("trade_id", "methodology_ids", "hint_hash", "decision")),
            new Endpoint("POST", "/v1/preferences", List.of("dimension", "content", "kind", "evidence", "source")),
            new Endpoint("POST", "/v1/learnings", List.of("task", "steps", "context")),
            new Endpoint("POST", "/v1/tools/methodology_create", List.of("asset_class", "title", "body", "provenance")),
            new Endpoint("POST", "/v1/tools/trade_record", List.of("asset", "asset_class", "side", "size",
                    "entry_price", "opened_at", "exit_price", "pnl", "closed_at", "methodology_ids", "hint_hash",
                    "decision")),
            new Endpoint("POST", "/v1/tools/trade_outcome", List.of("trade_id", "exit_price", "pnl", "closed_at")),
            new Endpoint("POST", "/v1/tools/case_record", List.of("trade_id", "methodology_ids", "hint_hash",
                    "decision")),
            new Endpoint("POST", "/v1/tools/preference_propose", List.of("dimension", "content", "kind", "evidence")),
            new Endpoint("POST", "/v1/tools/memory_learn", List.of("task", "steps", "context")),
            new Endpoint("POST", "/v1/tools/learning_search", List.of("query", "limit")),
            new Endpoint("POST", "/v1/tools/memory_compiled_page", List.of("entity", "include_hard_constraints")),
            new Endpoint("POST", "/v1/conversations/{id}/messages", List.of("user_id", "messages")),
            new Endpoint("POST", "/v1/trading/perps-fills", List.of("fills")),
            new Endpoint("POST", "/v1/trading/spot-activities", List.of("activities")),
            new Endpoint("POST", "/v1/profile/refresh", List.of("user_id")),
            new Endpoint("POST", "/v1/tools/search_user_trades", List.of("asset", "limit")),
            new Endpoint("POST", "/v1/roles/" + ROLE + "/decisions", List.of("decision", "inputs", "asset")),
            new Endpoint("POST", "/v1/roles/analysis.valuation.target_price/decisions",
                    List.of("decision", "inputs", "asset")),
            new Endpoint("POST", "/v1/role-memory/{entry}/outcome", List.of("outcome", "change_percent")),
            new Endpoint("POST", "/v1/role-memory/{entry}/evidence", List.of("kind", "text", "source")),
            new Endpoint("POST", "/v1/prices", List.of("prices")),
            new Endpoint("POST", "/v1/sessions", List.of("skills")),
            new Endpoint("POST", "/v1/tools/role_record", List.of("role", "decision", "inputs", "asset")),
            new Endpoint("POST", "/v1/tools/role_reflect", List.of("role")),
            new Endpoint("POST", "/v1/tools/role_recall", List.of("role", "query", "limit")),
            new Endpoint("POST", "/v1/tools/price_report", List.of("asset", "price", "at", "source")));

    /** Every route, for query, path and header abuse. */
    private static final List<String> ALL_ROUTES = List.of("GET /v1/memory", "DELETE /v1/memory",
            "GET /v1/memory/history", "GET /v1/memory/{id}", "DELETE /v1/memory/{id}", "POST /v1/memory/{id}/restore",
            "GET /v1/snapshot", "GET /v1/snapshot/budget", "GET /v1/profile", "GET /v1/profile/{id}",
            "DELETE /v1/profile/{id}", "POST /v1/sessions", "GET /v1/sessions/{id}", "GET /v1/sessions/{id}/prompt",
            "GET /v1/facts", "GET /v1/facts/{id}", "GET /v1/facts/{id}/events", "GET /v1/model/spend",
            "GET /openapi", "POST /v1/tools/{id}", "POST /v1/memory", "POST /v1/memory/search",
            "GET /v1/entities/top", "GET /v1/entities/{id}/neighborhood", "GET /v1/audit", "GET /v1/snapshot/explain",
            "GET /v1/sessions/{id}/explain", "PUT /v1/vault/{id}", "DELETE /v1/vault/{id}",
            "GET /v1/methodologies", "GET /v1/methodologies/{id}", "POST /v1/methodologies/{id}/approve",
            "POST /v1/methodologies/{id}/quarantine", "POST /v1/methodologies/synthesize", "GET /v1/trades",
            "GET /v1/trades/{id}", "GET /v1/cases", "GET /v1/cases/{id}", "GET /v1/preferences",
            "GET /v1/preferences/{id}", "POST /v1/preferences/{id}/approve", "POST /v1/preferences/{id}/reject",
            "POST /v1/preferences/{id}/deactivate", "POST /v1/preferences/mine", "GET /v1/learnings",
            "GET /v1/learnings/{id}", "GET /v1/compiled/{id}", "GET /v1/conversations/{id}",
            "DELETE /v1/conversations/{id}", "GET /v1/trading/sync-state", "GET /v1/trading/profile",
            "GET /v1/trading/trades", "POST /v1/profile/refresh", "POST /mcp", "DELETE /mcp",
            "GET /v1/roles", "GET /v1/roles/{id}",
            "POST /v1/roles/{id}/decisions", "POST /v1/roles/{id}/reflect", "GET /v1/roles/{id}/recall",
            "GET /v1/role-memory/{id}", "POST /v1/role-memory/{id}/outcome", "POST /v1/role-memory/{id}/evidence",
            "POST /v1/prices");

    /** jqwik runs no JUnit extension: the container hooks start and stop the extension's gateway themselves. */
    private static GatewayExtension.Running gateway;
    private static long seededId;
    /** An MCP session of the default tenant, for the JSON-RPC properties. */
    private static String mcpSession;
    /** A pending entry of the manual role, for the role-memory routes' {entry}. */
    private static long seededEntry;

    @BeforeContainer
    static void startGatewayWithSomeState() {
        gateway = GatewayExtension.onFakes().start();
        seededId = gateway.api().post("/v1/memory", """
                {"category":"preference","content":"always use 0.5% slippage","metadata":{"k":"v"}}""")
                .assertJson(201).id();
        gateway.api().post("/v1/memory", """
                {"category":"decision","content":"JWT with 1h expiry","key":"auth"}""").assertJson(201);
        gateway.api().put("/v1/profile/risk", "{\"value\":\"low\"}").assertJson(200);
        mcpSession = gateway.request("POST", "/mcp").json("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-06-18\"}}").send().assertJson(200).headers()
                .firstValue("Mcp-Session-Id").orElseThrow();
        seededEntry = gateway.api().post("/v1/roles/" + ROLE + "/decisions", """
                {"decision":"long-term thesis: BTC as collateral","asset":"BTC"}""").assertJson(201).id();
    }

    @AfterContainer
    static void stopGateway() {
        gateway.close();
    }

    @Property(tries = 2_500, shrinking = ShrinkingMode.OFF)
    void arbitrary_json_is_never_a_5xx_and_a_refusal_changes_nothing(@ForAll("bodyEndpoints") Endpoint endpoint,
                                                           @ForAll("anyJson") String json) {
        sendAndCheck(endpoint.path(), gateway.request(endpoint.method(), endpoint.path(seededId)).json(json));
    }

    @Property(tries = 2_000, shrinking = ShrinkingMode.OFF)
    void a_wrong_typed_known_field_is_refused_naming_a_field(@ForAll("wrongTyped") Map.Entry<Endpoint, String> c) {
        Endpoint endpoint = c.getKey();
        HttpReply reply = sendAndCheck(endpoint.path(),
                gateway.request(endpoint.method(), endpoint.path(seededId)).json(c.getValue()));

        assertThat(reply.status()).as("%s %s -> %s", endpoint, c.getValue(), reply.text()).isBetween(400, 499);
        assertThat(reply.json().getString("field", "")).as(reply.text()).isNotBlank();
        String field = reply.json().getString("field");
        // an element of an array field is named with its index: methodology_ids[0], methodologies[1].title
        assertThat(endpoint.fields()).as(reply.text()).anyMatch(f -> field.equals(f) || field.startsWith(f + "["));
    }

    @Property(tries = 400, shrinking = ShrinkingMode.OFF)
    void deeply_nested_bodies_are_refused_or_stored_without_a_5xx(@ForAll("bodyEndpoints") Endpoint endpoint,
                                                         @ForAll("deeplyNested") String json) {
        sendAndCheck(endpoint.path(), gateway.request(endpoint.method(), endpoint.path(seededId)).json(json));
    }

    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void bodies_that_are_not_utf8_are_refused(@ForAll("bodyEndpoints") Endpoint endpoint,
                                        @ForAll("randomBytes") byte[] body) {
        HttpReply reply = sendAndCheck(endpoint.path(), gateway.request(endpoint.method(), endpoint.path(seededId))
                .body("application/json", body));

        assertThat(reply.status()).as(reply.text()).isBetween(400, 499);
    }

    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void unicode_edge_cases_round_trip_or_are_refused(@ForAll("unicodeText") String text) {
        String json = "{\"category\":\"observation\",\"content\":" + HostileJson.quote(text) + "}";
        HttpReply written = sendAndCheck("/v1/memory", gateway.request("POST", "/v1/memory").json(json));
        if (written.status() == 201) {
            HttpReply read = gateway.api().get("/v1/memory/" + written.id()).assertJson(200);
            assertThat(read.json().getString("content")).isEqualTo(written.json().getString("content"));
            gateway.api().delete("/v1/memory/" + written.id()).assertStatus(204);
        }
        sendAndCheck("/v1/memory/search", gateway.request("POST", "/v1/memory/search")
                .json("{\"query\":" + HostileJson.quote(text) + "}"));
    }

    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void fts_syntax_garbage_is_never_a_5xx(@ForAll("ftsGarbage") String query) {
        sendAndCheck("/v1/memory/search", gateway.request("POST", "/v1/memory/search")
                .json("{\"query\":" + HostileJson.quote(query) + "}"));
        sendAndCheck("/v1/tools/memory_search", gateway.request("POST", "/v1/tools/memory_search")
                .json("{\"query\":" + HostileJson.quote(query) + "}"));
    }

    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void garbage_in_paths_and_queries_is_never_a_5xx(@ForAll("routes") String route, @ForAll("urlGarbage") String id,
                                              @ForAll("urlGarbage") String query) {
        String method = route.substring(0, route.indexOf(' '));
        String path = route.substring(route.indexOf(' ') + 1).replace("{id}", id);
        sendAndCheck(path, gateway.request(method, path + "?limit=" + query + "&key=" + query + "&category="
                + query + "&day=" + query + "&status=" + query + "&kind=" + query + "&state=" + query + "&asset_class="
                + query + "&outcome=" + query + "&role=" + query + "&trade_id=" + query + "&query=" + query + "&include_hard_constraints="
                + query).json("{}"));
    }

    /**
     * Issue 19: a time parameter is read as a date or an instant, or refused with a 400 naming it
     * (in a batch, with the element's index); a refusal stores nothing.
     */
    @Property(tries = 800, shrinking = ShrinkingMode.OFF)
    void a_bad_time_parameter_is_refused_naming_it_and_a_good_one_is_used(@ForAll("timeParameters") TimeParameter parameter,
                                                            @ForAll("dateGarbage") String value) {
        String quoted = jsonString(value);
        keepSeededMemory();
        HttpReply reply = sendAndCheck(parameter.path(), gateway.request(parameter.method(),
                parameter.path().replace("{id}", Long.toString(seededId))).json(parameter.body(quoted)));

        assertThat(reply.status()).as("%s %s -> %s", parameter, value, reply.text()).isIn(200, 201, 400);
        if (reply.status() == 400) {
            assertThat(reply.json().getString("field", "")).as(reply.text()).isEqualTo(parameter.field());
        }
        cleanUpRawWrites();
    }

    /** {@code as_of} on the routes that read the past: answered, or a 400 naming it; never a 5xx. */
    @Property(tries = 400, shrinking = ShrinkingMode.OFF)
    void a_bad_as_of_is_refused_naming_it_and_a_good_one_is_answered(@ForAll("asOfRoutes") String route,
                                                        @ForAll("dateGarbage") String value) {
        String path = route + (route.contains("?") ? "&" : "?") + "as_of="
                + java.net.URLEncoder.encode(value, StandardCharsets.UTF_8);
        HttpReply reply = sendAndCheck(route, gateway.request("GET", path));

        assertThat(reply.status()).as("%s -> %s", path, reply.text()).isIn(200, 400, 404);
        if (reply.status() == 400) {
            assertThat(reply.json().getString("field", "")).as(reply.text()).isEqualTo("as_of");
        }
    }

    /** A route that takes a time, the body that carries it (%s: the JSON string) and the field a refusal names. */
    record TimeParameter(String method, String path, String body, String field) {
        String body(String quoted) {
            return body.replace("%s", quoted);
        }
    }

    private static final List<TimeParameter> TIME_PARAMETERS = List.of(
            new TimeParameter("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"raw\",\"occurred_at\":%s}",
                    "occurred_at"),
            new TimeParameter("POST", "/v1/memory/batch",
                    "{\"memories\":[{\"category\":\"lesson\",\"content\":\"raw\",\"occurred_at\":%s}]}",
                    "memories[0].occurred_at"),
            new TimeParameter("PATCH", "/v1/memory/{id}", "{\"occurred_at\":%s}", "occurred_at"),
            new TimeParameter("POST", "/v1/tools/memory_write",
                    "{\"category\":\"lesson\",\"content\":\"raw\",\"occurred_at\":%s}", "occurred_at"),
            new TimeParameter("POST", "/v1/memory/search", "{\"query\":\"slippage\",\"occurred_after\":%s}",
                    "occurred_after"),
            new TimeParameter("POST", "/v1/memory/search", "{\"query\":\"slippage\",\"occurred_before\":%s}",
                    "occurred_before"),
            new TimeParameter("POST", "/v1/memory/search", "{\"query\":\"slippage\",\"as_of\":%s}", "as_of"),
            new TimeParameter("POST", "/v1/memory/search", "{\"query\":\"last May\",\"reference_time\":%s}",
                    "reference_time"),
            new TimeParameter("POST", "/v1/tools/memory_search", "{\"query\":\"slippage\",\"as_of\":%s}",
                    "as_of"));

    private static String jsonString(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    /** The audit trail's filters, each alone: a value is used or refused naming its parameter, never a 5xx. */
    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void garbage_in_the_audit_filters_is_refused_naming_the_parameter_or_answered(
            @ForAll("auditParameters") String parameter, @ForAll("urlGarbage") String value) {
        HttpReply reply = sendAndCheck("/v1/audit", gateway.request("GET", "/v1/audit?" + parameter + "=" + value));

        assertThat(reply.status()).as(reply.text()).isIn(200, 400, 403);
        if (reply.status() == 400) {
            assertThat(reply.json().getString("field")).as(reply.text()).isEqualTo(parameter);
        }
    }

    /** An actor header is recorded as given (stripped) or refused naming the header; a refusal writes nothing. */
    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void an_actor_header_is_recorded_or_refused_naming_it_and_a_refusal_changes_nothing(@ForAll("headerValue") String actor,
                                                                           @ForAll("writeRoutes") String route) {
        String method = route.substring(0, route.indexOf(' '));
        String path = route.substring(route.indexOf(' ') + 1).replace("{id}", Long.toString(seededId));
        String body = path.startsWith("/v1/tools/") ? "{\"category\":\"observation\",\"content\":\"raw\"}"
                : path.equals("/v1/memory") ? "{\"category\":\"observation\",\"content\":\"raw\"}"
                : "{\"value\":\"low\"}";
        HttpReply reply = sendAndCheck(path, gateway.request(method, path).json(body).header("X-Strata-Actor", actor));

        if (reply.status() >= 400) {
            assertThat(reply.status()).as(reply.text()).isEqualTo(400);
            String field = path.startsWith("/v1/tools/") ? reply.json().getString("field")
                    : reply.json().getString("field");
            assertThat(field).isEqualTo("X-Strata-Actor");
        } else {
            AuditEntry last = gateway.backend().audit.recent(Tenant.DEFAULT, 1).get(0);
            assertThat(last.actor().id()).isEqualTo(actor.strip());
        }
        cleanUpRawWrites();
    }

    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void abusive_headers_are_never_a_5xx(@ForAll("routes") String route, @ForAll("headerValue") String tenant,
                                     @ForAll("headerValue") String contentType, @ForAll("headerValue") String other) {
        String method = route.substring(0, route.indexOf(' '));
        String path = route.substring(route.indexOf(' ') + 1).replace("{id}", Long.toString(seededId));
        GatewayExtension.Request request = gateway.request(method, path)
                .body(contentType, "{\"query\":\"x\"}".getBytes(StandardCharsets.UTF_8))
                .header("X-Strata-Tenant", tenant)
                .header("Accept", other)
                .header("X-Padding", other.length() > 1_000 ? other : other.repeat(1 + other.length() % 7))
                .header("X-Strata-Actor", other);
        sendAndCheck(path, request);
    }

    @Property(tries = 400, shrinking = ShrinkingMode.OFF)
    void malformed_raw_requests_are_never_a_5xx(@ForAll("rawTargets") String target,
                                          @ForAll("rawHeaderLines") List<byte[]> headerLines) throws IOException {
        Stored before = Stored.now();
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes(("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        headerLines.forEach(line -> {
            request.writeBytes(line);
            request.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        });
        byte[] body = "{\"category\":\"observation\",\"content\":\"raw\"}".getBytes(StandardCharsets.UTF_8);
        request.writeBytes(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        request.writeBytes(body);

        String statusLine = exchange(request.toByteArray());

        assertThat(statusLine).startsWith("HTTP/1.1 ");
        int status = Integer.parseInt(statusLine.substring(9, 12));
        assertThat(status).as(statusLine).isLessThan(500);
        if (status >= 400) {
            assertThat(Stored.now()).isEqualTo(before);
        } else {
            cleanUpRawWrites();
        }
    }

    @Property(tries = 100, shrinking = ShrinkingMode.OFF)
    void huge_headers_get_an_answer_not_a_5xx(@ForAll("headerSizes") int size) throws IOException {
        Stored before = Stored.now();
        byte[] body = "{\"category\":\"observation\",\"content\":\"raw\"}".getBytes(StandardCharsets.UTF_8);
        String request = "POST /v1/memory HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "X-Strata-Tenant: " + "a".repeat(size) + "\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n" + new String(body, StandardCharsets.UTF_8);

        String statusLine = exchange(request.getBytes(StandardCharsets.ISO_8859_1));

        int status = Integer.parseInt(statusLine.substring(9, 12));
        assertThat(status).as(statusLine).isBetween(400, 499);
        assertThat(Stored.now()).isEqualTo(before);
    }

    // ---- MCP: the same guarantees for JSON-RPC over /mcp

    private static GatewayExtension.Request mcp(String body) {
        return gateway.request("POST", "/mcp").header("Mcp-Session-Id", mcpSession).json(body);
    }

    /** Any JSON as the whole message: a JSON-RPC error or an answer, never a 5xx, and a refusal changes nothing. */
    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void arbitrary_json_as_an_mcp_message_is_never_a_5xx(@ForAll("anyJson") String json) {
        sendAndCheck("/mcp", mcp(json));
    }

    /** Any JSON as a known method's params or a tool's arguments: an error result changes nothing. */
    @Property(tries = 1_500, shrinking = ShrinkingMode.OFF)
    void arbitrary_params_and_tool_arguments_over_mcp_are_never_a_5xx_and_a_refusal_changes_nothing(
            @ForAll("mcpMethods") String method, @ForAll("mcpToolNames") String tool, @ForAll("anyJson") String json) {
        Stored before = Stored.now();
        String params = method.equals("tools/call") ? "{\"name\":\"" + tool + "\",\"arguments\":" + json + "}" : json;
        HttpReply reply = sendAndCheck("/mcp", mcp("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"" + method
                + "\",\"params\":" + params + "}"));

        JsonObject body = reply.json();
        boolean refused = body.containsKey("error") || (body.containsKey("result")
                && body.getJsonObject("result").getBoolean("isError", false));
        if (refused) {
            assertThat(Stored.now()).as("stored data after a refused %s %s", method, reply.text()).isEqualTo(before);
        }
    }

    /** Batches, oversized params, odd ids and methods, nesting: each a JSON-RPC error or a gateway 4xx. */
    @Property(tries = 300, shrinking = ShrinkingMode.OFF)
    void mcp_abuse_is_a_json_rpc_error_or_a_gateway_refusal_and_changes_nothing(@ForAll("mcpAbuse") String body) {
        Stored before = Stored.now();
        HttpReply reply = sendAndCheck("/mcp", mcp(body));

        assertThat(reply.status()).as(reply.text()).isIn(200, 400, 404, 413);
        if (reply.status() == 200) {
            JsonObject answer = reply.json();
            assertThat(answer.containsKey("error") || answer.getJsonObject("result").getBoolean("isError"))
                    .as(reply.text()).isTrue();
        }
        assertThat(Stored.now()).isEqualTo(before);
    }

    /** Found by {@link #malformedRawRequestsAreNeverA5xx}: a body cut short by the client was a 500. */
    @Example
    void a_chunked_body_cut_short_by_the_client_is_a_400_naming_the_body() throws IOException {
        Stored before = Stored.now();
        String request = "POST /v1/memory HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n{\"category\":";

        String statusLine = exchange(request.getBytes(StandardCharsets.ISO_8859_1));

        assertThat(statusLine).startsWith("HTTP/1.1 400");
        assertThat(Stored.now()).isEqualTo(before);
    }

    /** Found by {@link #malformedRawRequestsAreNeverA5xx}: a path outside every route was a 500. */
    @Example
    void a_path_outside_every_route_is_a_404_problem() {
        gateway.api().get("/etc/passwd").assertProblem(404);
        gateway.api().get("/").assertProblem(404);
        gateway.request("POST", "/observe/health").send().assertStatus(404);
    }

    @Example
    void a_chunk_size_that_is_not_hex_is_a_400() throws IOException {
        String request = "POST /v1/memory HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n";

        assertThat(exchange(request.getBytes(StandardCharsets.ISO_8859_1))).startsWith("HTTP/1.1 4");
    }

    // ---- the assertions every property shares

    private static HttpReply sendAndCheck(String route, GatewayExtension.Request request) {
        Stored before = Stored.now();
        HttpReply reply = request.send();
        assertThat(reply.status()).as("%s answered %s", route, reply.text()).isLessThan(500);
        if (reply.status() >= 400) {
            assertRefusal(route, reply);
            assertThat(Stored.now()).as("stored data after a refused %s", route).isEqualTo(before);
        }
        return reply;
    }

    private static void assertRefusal(String route, HttpReply reply) {
        if (route.startsWith("/mcp") && reply.body().length == 0) {
            // DELETE /mcp of a session that is not this tenant's: a bare 404, as the transport has no message to answer
            assertThat(reply.status()).as(reply.text()).isEqualTo(404);
            return;
        }
        JsonObject body = reply.json();
        if (route.startsWith("/mcp") && reply.contentType().startsWith("application/json")) {
            assertThat(body.getString("jsonrpc")).isEqualTo("2.0");
            assertThat(body.getJsonObject("error").getJsonNumber("code").isIntegral()).isTrue();
            assertThat(body.getJsonObject("error").getString("message")).isNotBlank();
            return;
        }
        if (route.startsWith("/v1/tools/") && reply.contentType().startsWith("application/json")) {
            assertThat(body.getBoolean("ok")).isFalse();
            assertThat(body.getString("error")).isNotBlank();
            return;
        }
        assertThat(reply.contentType()).as(reply.text()).startsWith(Problem.MEDIA_TYPE);
        assertThat(body.getInt("status")).isEqualTo(reply.status());
        assertThat(body.getString("type")).startsWith("urn:strata:problem:");
        assertThat(body.getString("detail")).isNotBlank();
        if (body.getString("type").endsWith(":invalid-input")) {
            // present, though it may be "" when the client itself sent a field with an empty name
            assertThat(body.containsKey("field")).as("field of %s", reply.text()).isTrue();
        }
    }

    private static String exchange(byte[] request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", gateway.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            // end of input: a server still waiting for a declared body sees EOF instead of stalling
            socket.shutdownOutput();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            int b;
            while ((b = in.read()) != -1 && b != '\n') {
                line.append((char) b);
            }
            return line.toString().strip();
        }
    }

    /**
     * Puts the seeded memory back when another property deleted it: {@code DELETE /v1/memory/{id}} is among the
     * routes the header properties send, and a tenant header that resolves to the default tenant deletes it,
     * after which a property that patches it would get a 404 depending on the order the properties ran in.
     */
    private static void keepSeededMemory() {
        MemoryId seeded = MemoryId.of(seededId);
        if (gateway.backend().memoryStore.find(Tenant.DEFAULT, seeded).isEmpty()) {
            assertThat(gateway.backend().memoryStore.restore(Tenant.DEFAULT, seeded, Instant.EPOCH))
                    .as("the seeded memory can be restored").isPresent();
        }
    }

    /** Raw writes that were accepted are removed again so the stored state stays small. */
    private static void cleanUpRawWrites() {
        gateway.backend().memoryStore.list(Tenant.DEFAULT, Optional.empty(), 1_000).stream()
                .filter(m -> m.content().equals("raw"))
                .forEach(m -> gateway.api().delete("/v1/memory/" + m.id().value()));
    }

    // ---- generators

    @Provide
    Arbitrary<Endpoint> bodyEndpoints() {
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
    Arbitrary<byte[]> randomBytes() {
        return HostileJson.randomBytes();
    }

    @Provide
    Arbitrary<String> unicodeText() {
        return HostileJson.unicodeText();
    }

    @Provide
    Arbitrary<String> ftsGarbage() {
        return HostileJson.ftsGarbage();
    }

    @Provide
    Arbitrary<Map.Entry<Endpoint, String>> wrongTyped() {
        return Arbitraries.of(BODY_ENDPOINTS).flatMap(e -> HostileJson.wrongTyped(e.fields()).map(j -> Map.entry(e, j)));
    }

    @Provide
    Arbitrary<String> mcpMethods() {
        return Arbitraries.of("tools/call", "tools/call", "tools/call", "tools/list", "resources/read",
                "resources/list", "initialize", "ping", "prompts/list");
    }

    @Provide
    Arbitrary<String> mcpToolNames() {
        return Arbitraries.of(gateway.backend().tools.names().toArray(String[]::new));
    }

    /** Batch abuse, oversized params, ids and methods of the wrong kind, deep nesting. */
    @Provide
    Arbitrary<String> mcpAbuse() {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        Arbitrary<String> batch = Arbitraries.integers().between(0, 3_000)
                .map(n -> "[" + String.join(",", java.util.Collections.nCopies(n, ping)) + "]");
        Arbitrary<String> oversized = Arbitraries.integers().between(200_000, 600_000)
                .map(n -> "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":"
                        + "\"memory_write\",\"arguments\":{\"category\":\"lesson\",\"content\":\"" + "a".repeat(n) + "\"}}}");
        Arbitrary<String> oddIds = Arbitraries.of("1e400", "-1", "1.5", "true", "null", "[1]", "{}", "\"\"",
                        "99999999999999999999999999", "\"" + "i".repeat(5_000) + "\"")
                .map(id -> "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"no/such\"}");
        Arbitrary<String> oddMethods = Arbitraries.of("1", "null", "[]", "{}", "\"\"", "\"" + "m".repeat(10_000) + "\"",
                        "\"tools/call\\u0000\"", "\"rpc.discover\"", "\"../tools/list\"")
                .map(m -> "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":" + m + "}");
        Arbitrary<String> nested = Arbitraries.integers().between(100, 20_000)
                .map(n -> "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_search\","
                        + "\"arguments\":" + "[".repeat(n) + "]".repeat(n) + "}}");
        Arbitrary<String> envelopes = Arbitraries.of("{}", "{\"jsonrpc\":\"2.0\"}", "{\"jsonrpc\":2.0,\"id\":1,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":null}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":null}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"strata://sessions/%2e%2e/prompt\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"file:///etc/passwd\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"strata://sessions/" + "9".repeat(400) + "/prompt\"}}");
        return Arbitraries.oneOf(batch, oversized, oddIds, oddMethods, nested, envelopes);
    }

    @Provide
    Arbitrary<String> routes() {
        return Arbitraries.of(ALL_ROUTES);
    }

    @Provide
    Arbitrary<String> auditParameters() {
        return Arbitraries.of("action", "actor", "subject", "since", "until", "before", "limit", "tenant");
    }

    @Provide
    Arbitrary<String> writeRoutes() {
        return Arbitraries.of("POST /v1/memory", "PUT /v1/profile/risk", "POST /v1/tools/memory_write");
    }

    @Provide
    Arbitrary<String> asOfRoutes() {
        return Arbitraries.of("/v1/memory", "/v1/memory?category=decision&limit=5", "/v1/memory/history?key=auth",
                "/v1/snapshot");
    }

    @Provide
    Arbitrary<TimeParameter> timeParameters() {
        return Arbitraries.of(TIME_PARAMETERS);
    }

    /** Dates and near-dates: valid ones, impossible days, other formats, offsets out of range, garbage. */
    @Provide
    Arbitrary<String> dateGarbage() {
        Arbitrary<String> pieces = Arbitraries.of("2023", "-05", "-08", "-13", "-00", "-30", "02-29", "T13:56:00",
                "T25:00", ".999999999", "Z", "z", "+02:00", "+25:00", "-05:00", " ", "", "yesterday", "8 May 2023",
                "0000", "10000", "-", "+", "\u0000", "\n", "/", "1684000000", "\u00e9", "99999999999999999999");
        return Arbitraries.oneOf(pieces.list().ofMinSize(1).ofMaxSize(6).map(p -> String.join("", p)),
                Arbitraries.of("2023-05-08", "2023-05-08T13:56:00Z", "2024-02-29", "2023-02-29",
                        "0001-01-01", "9999-12-31T23:59:59.999Z", "2023-05-08T13:56:00+02:00"));
    }

    /** Percent-encoded garbage: invalid escapes, encoded NUL, slashes, dots, huge numbers. */
    @Provide
    Arbitrary<String> urlGarbage() {
        return Arbitraries.of("0", "-1", "1e3", "%00", "%2F", "..", "%2e%2e", "99999999999999999999",
                        "abc", "%F0%9F%98%80", "%C3%28", "%ED%A0%80", "+", "%20", "1.5", "a%0Ab", "~", "%FF",
                        "2026-02-30", "9999-12-31", "-0")
                .list().ofMinSize(1).ofMaxSize(4).map(parts -> String.join("", parts));
    }

    /** Header values the client library accepts: visible ASCII and spaces, up to 2 KiB each. */
    @Provide
    Arbitrary<String> headerValue() {
        Arbitrary<String> small = Arbitraries.strings().withCharRange('!', '~').withChars(' ').ofMinLength(1)
                .ofMaxLength(80).map(String::strip).filter(s -> !s.isEmpty());
        Arbitrary<String> odd = Arbitraries.of("default", "DEFAULT", " default ", "a".repeat(65), "-x", "_x",
                "a/b", "acme", "application/json", "text/plain", "application/xml", "multipart/form-data; boundary=x",
                "application/json; charset=utf-16", "*/*", "x".repeat(2_000));
        return Arbitraries.oneOf(small, odd);
    }

    @Provide
    Arbitrary<Integer> headerSizes() {
        return Arbitraries.integers().between(65, 64 * 1024);
    }

    /** Request targets a client library would refuse to send: broken escapes, traversal, absolute forms. */
    @Provide
    Arbitrary<String> rawTargets() {
        return Arbitraries.of("/v1/memory", "/v1/memory?limit=%", "/v1/memory/%ZZ", "/v1/memory/%00",
                "/v1/memory/search?%%%", "/v1/../../etc/passwd", "/v1/memory/1/restore?x=%C3%28", "*",
                "http://127.0.0.1/v1/memory", "/v1/tools/%E2%80%AE", "/v1/memory/%ED%A0%80", "/v1//memory",
                "/v1/memory#frag", "/v1/memory?key=\u00e9", "/v1/profile/%2F..%2F", "/v1/memory/" + "9".repeat(400));
    }

    /** Header lines as raw bytes: non-ASCII, control bytes, no colon, duplicates of the framing headers. */
    @Provide
    Arbitrary<List<byte[]>> rawHeaderLines() {
        Arbitrary<byte[]> fixed = Arbitraries.of("X-Strata-Tenant: acme", "X-Strata-Tenant: ACME",
                        "X-Strata-Tenant: caf\u00e9", "X-Strata-Tenant:", "Content-Type: application/json",
                        "Content-Type: text/html", "Content-Length: 5", "Content-Length: -1", "Transfer-Encoding: chunked",
                        "no colon here", ": empty name", " folded continuation", "X-Strata-Tenant: acme, other")
                .map(s -> s.getBytes(StandardCharsets.ISO_8859_1));
        Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(64)
                .map(bytes -> {
                    for (int i = 0; i < bytes.length; i++) {
                        if (bytes[i] == '\r' || bytes[i] == '\n') {
                            bytes[i] = (byte) 0xE9;
                        }
                    }
                    return bytes;
                });
        Arbitrary<byte[]> named = Combinators.combine(Arbitraries.of("X-A", "X-Strata-Tenant", "Accept"), random)
                .as((name, value) -> {
                    byte[] prefix = (name + ": ").getBytes(StandardCharsets.ISO_8859_1);
                    byte[] line = new byte[prefix.length + value.length];
                    System.arraycopy(prefix, 0, line, 0, prefix.length);
                    System.arraycopy(value, 0, line, prefix.length, value.length);
                    return line;
                });
        return Arbitraries.oneOf(fixed, random, named).list().ofMinSize(1).ofMaxSize(5);
    }

    record Endpoint(String method, String path, List<String> fields) {

        String path(long id) {
            return path.replace("{id}", Long.toString(id)).replace("{entry}", Long.toString(seededEntry));
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    /**
     * What a refused request must not change: the default tenant's memories, profile and audit trail,
     * its learning loop (methodologies, trades, cases, preferences) and its role memory (entries, prices).
     */
    private record Stored(List<Memory> memories, long count, List<ProfileEntry> profile, List<AuditEntry> audit,
                          List<Methodology> methodologies, List<Trade> trades, List<MethodologyCase> cases,
                          List<LearnedPreference> preferences, List<Message> messages, long fills, long spot,
                          List<RoleMemoryEntry> roleEntries, List<PricePoint> prices) {

        static Stored now() {
            InMemoryBackend b = gateway.backend();
            return new Stored(b.memoryStore.list(Tenant.DEFAULT, Optional.empty(), 1_000),
                    b.memoryStore.count(Tenant.DEFAULT), b.profileStore.all(Tenant.DEFAULT),
                    b.audit.recent(Tenant.DEFAULT, 1_000),
                    b.methodologyStore.list(Tenant.DEFAULT, MethodologyFilter.ALL, 1_000),
                    b.tradeStore.listTrades(Tenant.DEFAULT, Optional.empty(), 1_000),
                    b.tradeStore.listCases(Tenant.DEFAULT, CaseFilter.ALL, 1_000),
                    b.preferenceStore.list(Tenant.DEFAULT, PreferenceFilter.ALL, 1_000),
                    b.mine.conversationStore.messagesAfter(Tenant.DEFAULT, UserId.DEFAULT, 0, 1_000),
                    b.mine.fillStore.countAfter(Tenant.DEFAULT, 0), b.mine.spotStore.countAfter(Tenant.DEFAULT, 0),
                    b.roleStore.all(Tenant.DEFAULT), b.priceStore.all(Tenant.DEFAULT));
        }
    }
}
