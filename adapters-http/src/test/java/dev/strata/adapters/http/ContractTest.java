package dev.strata.adapters.http;

import dev.strata.application.access.IssuedKey;
import dev.strata.domain.memory.Tenant;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document is a contract a client can be built from: this test drives every documented
 * operation, once as it should succeed and once for each error status it documents (a missing key, a key
 * of another tenant, a repeated identity header, a request line too long, a body too large or of another
 * media type, an {@code Idempotency-Key} reused, a resource that does not exist), and fails on any answer
 * whose status, media type or JSON field the document does not describe. An object schema with
 * {@code properties} is closed: a field it does not list fails. Statuses that need a broken disk (503)
 * are driven by the storage drills of the server instead.
 */
class ContractTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes().requiringAuth();

    private static final String TENANT = "acme";
    private static final Set<String> NOT_DRIVEN_HERE = Set.of("503");
    /**
     * Collections whose every state this test does not yet set up (the learning loop's approvals and
     * alternatives): their answers are checked against the document like every other, but the statuses
     * they document need not all be produced here. The learning area's own endpoint tests drive them.
     */
    private static final List<String> NOT_SEEDED = List.of("/v1/methodologies", "/v1/trades", "/v1/preferences",
            "/v1/learnings", "/v1/compiled", "/v1/cases", "/v1/tools/case_record", "/v1/tools/memory_compiled_page",
            "/v1/tools/methodology_create", "/v1/tools/preference_propose", "/v1/tools/trade_outcome",
            "/v1/tools/trade_record");

    /** The role area's manual role (spec 05): its entries take a person's outcome, so every status can be produced. */
    private static final String ROLE = "research.thesis";

    private static JsonObject document;
    private static IssuedKey admin;
    private static IssuedKey tenantKey;
    private static long memory;
    private static long fact;
    private static String session;
    /** A conversation the probes read and append to (issue 17); deletes get one of their own. */
    private static final String CONVERSATION = "contract-chat";
    private static long roleEntry;
    private static int counter;

    private final Map<String, Set<String>> observed = new TreeMap<>();
    private final List<String> violations = new ArrayList<>();

    @BeforeAll
    static void seed() {
        admin = gateway.backend().access.create(Tenant.of("ops"), true, TestWrites.OPERATOR_ACTOR);
        tenantKey = gateway.backend().access.create(Tenant.of(TENANT), false, TestWrites.OPERATOR_ACTOR);
        document = as("GET", "/openapi", null).send().assertJson(200).json();
        memory = as("POST", "/v1/memory", "{\"category\":\"preference\",\"content\":\"BTC holder prefers limit "
                + "orders\"}").send().assertJson(201).id();
        as("POST", "/v1/memory", "{\"category\":\"decision\",\"key\":\"auth\",\"content\":\"JWT\"}").send()
                .assertJson(201);
        as("PUT", "/v1/profile/risk", "{\"value\":\"conservative\"}").send().assertJson(200);
        as("PUT", "/v1/vault/api_token", "{\"value\":\"tok-1234567890\"}").send().assertJson(200);
        fact = as("POST", "/v1/facts", "{\"content\":\"The user lives in Lisbon\"}").send().json().getJsonNumber("id")
                .longValue();
        session = as("POST", "/v1/sessions", null).send().assertJson(201).json().getString("id");
        as("POST", "/v1/conversations/" + CONVERSATION + "/messages", "{\"messages\":[{\"id\":\"m0\",\"role\":"
                + "\"user\",\"content\":\"I mostly trade BTC\"}]}").send().assertJson(200);
        as("POST", "/v1/profile/capital", "{\"spot_holdings_usd\":120,\"perp_value_usd\":30}").send().assertJson(200);
        roleEntry = freshRoleEntry();
    }

    /** A request as the admin key acting in the test's tenant. */
    private static GatewayExtension.Request as(String method, String path, String json) {
        GatewayExtension.Request r = gateway.request(method, path).bearer(admin.token().value()).tenant(TENANT);
        return json == null ? r : r.json(json);
    }

    @Test
    void every_documented_operation_answers_only_what_the_document_describes_and_every_documented_status_is_driven() {
        List<String[]> operations = new ArrayList<>();
        document.getJsonObject("paths").forEach((path, item) -> item.asJsonObject().keySet().stream()
                .filter(m -> Set.of("get", "post", "put", "patch", "delete").contains(m))
                .forEach(m -> operations.add(new String[] {m.toUpperCase(Locale.ROOT), path})));
        // Deletes last: they take away what the other probes read.
        operations.sort((a, b) -> Boolean.compare(a[0].equals("DELETE"), b[0].equals("DELETE")));

        for (String[] op : operations) {
            drive(op[0], op[1]);
        }

        assertThat(violations).as("answers the document does not describe").isEmpty();
        Map<String, Set<String>> missing = new TreeMap<>();
        for (String[] op : operations) {
            String name = op[0] + " " + op[1];
            Set<String> documented = new TreeSet<>(operation(op[0], op[1]).getJsonObject("responses").keySet());
            documented.removeAll(NOT_DRIVEN_HERE);
            documented.remove("default");
            documented.removeAll(observed.getOrDefault(name, Set.of()));
            if (!documented.isEmpty() && NOT_SEEDED.stream().noneMatch(op[1]::startsWith)) {
                missing.put(name, documented);
            }
        }
        assertThat(missing).as("documented statuses no probe produced").isEmpty();
    }

    private void drive(String method, String template) {
        JsonObject op = operation(method, template);
        Set<String> statuses = op.getJsonObject("responses").keySet();
        boolean open = op.containsKey("security") && op.getJsonArray("security").isEmpty();
        boolean body = op.containsKey("requestBody");
        String path = concrete(method, template);
        String json = body(method, template);

        if (template.equals("/mcp")) {
            mcp(method);
        } else {
            check(method, template, send(method, path, json, admin));
        }
        if (!open && statuses.contains("401")) {
            check(method, template, gateway.request(method, path).tenant(TENANT).send());
        }
        if (!open && statuses.contains("403")) {
            check(method, template, gateway.request(method, path).bearer(tenantKey.token().value())
                    .tenant("someone-else").send());
        }
        if (statuses.contains("400")) {
            check(method, template, raw(method, path, json, "X-Strata-Tenant: " + TENANT,
                    "X-Strata-Tenant: " + TENANT));
        }
        if (statuses.contains("414")) {
            check(method, template, raw(method, path + "?q=" + "a".repeat(20_000), null));
        }
        if (body && statuses.contains("413")) {
            check(method, template, raw(method, path, null, "Content-Type: application/json",
                    "Content-Length: " + (gateway.settings().maxBatchBodyBytes() + 1)));
        }
        if (body && statuses.contains("415")) {
            check(method, template, as(method, path, null).body("text/xml", (json == null ? "{}" : json)
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8)).send());
        }
        if (statuses.contains("409") && !method.equals("GET")) {
            String key = "contract-" + (++counter);
            String target = method.equals("DELETE") ? concrete(method, template) : path;
            String fresh = body(method, template);
            GatewayExtension.Request first = as(method, target, fresh).header("Idempotency-Key", key);
            check(method, template, first.send());
            check(method, template, as(method, target + (target.contains("?") ? "&" : "?") + "other=1", fresh)
                    .header("Idempotency-Key", key).send());
        }
        if (statuses.contains("404") && template.contains("{")) {
            check(method, template, send(method, missing(template), json, admin));
        }
        if (statuses.contains("404") && method.equals("GET") && template.equals("/v1/profile/capital")) {
            check(method, template, send(method, "/v1/profile/capital?user_id=contract-nobody", null, admin));
        }
        if (statuses.contains("404") && method.equals("DELETE") && template.equals("/v1/memory")) {
            check(method, template, send(method, "/v1/memory?key=no_such_key", null, admin));
        }
    }

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}";

    /**
     * MCP's own answers, each checked against the document's JSON-RPC response schema: a session opened, a
     * notification accepted, every method a client calls (tools, a refusal, resources, an unknown method),
     * the JSON-RPC errors (malformed, missing session, unknown session, a refused Origin), a session ended.
     */
    private void mcp(String method) {
        HttpReply opened = mcpPost(INITIALIZE, null).send();
        String session = opened.headers().firstValue("Mcp-Session-Id").orElse("none");
        if (method.equals("POST")) {
            check("POST", "/mcp", opened);
            check("POST", "/mcp", mcpPost("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session).send());
            for (String call : List.of(
                    "\"method\":\"tools/list\"",
                    "\"method\":\"tools/call\",\"params\":{\"name\":\"memory_search\",\"arguments\":{\"query\":\"BTC\"}}",
                    "\"method\":\"tools/call\",\"params\":{\"name\":\"memory_write\",\"arguments\":{\"content\":\"\"}}",
                    "\"method\":\"resources/list\"",
                    "\"method\":\"resources/templates/list\"",
                    "\"method\":\"resources/read\",\"params\":{\"uri\":\"strata://memory/context\"}",
                    "\"method\":\"resources/read\",\"params\":{\"uri\":\"strata://sessions/" + ContractTest.session + "/prompt\"}",
                    "\"method\":\"prompts/list\"",
                    "\"method\":\"no/such/method\"")) {
                HttpReply reply = mcpPost("{\"jsonrpc\":\"2.0\",\"id\":3," + call + "}", session).send();
                check("POST", "/mcp", reply);
                if (call.contains("no/such")) {
                    assertThat(reply.json().getJsonObject("error").getInt("code")).isEqualTo(-32601);
                } else {
                    assertThat(reply.json().containsKey("result")).as(call + ": " + reply.text()).isTrue();
                }
            }
            check("POST", "/mcp", mcpPost("{\"jsonrpc\":\"2.0\",\"id\":", session).send());
            check("POST", "/mcp", mcpPost("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}", null).send());
            check("POST", "/mcp", mcpPost("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}",
                    UUID.randomUUID().toString()).send());
            check("POST", "/mcp", mcpPost(INITIALIZE, null).header("Origin", "http://evil.example").send());
        } else {
            check("DELETE", "/mcp", as("DELETE", "/mcp", null).header("Mcp-Session-Id", session).send());
            check("DELETE", "/mcp", as("DELETE", "/mcp", null).header("Mcp-Session-Id", "no-such-session").send());
            check("DELETE", "/mcp", as("DELETE", "/mcp", null).header("Origin", "http://evil.example").send());
        }
    }

    private static GatewayExtension.Request mcpPost(String json, String session) {
        GatewayExtension.Request request = as("POST", "/mcp", json).header("Accept", "application/json, text/event-stream");
        return session == null ? request : request.header("Mcp-Session-Id", session);
    }

    private static HttpReply send(String method, String path, String json, IssuedKey key) {
        GatewayExtension.Request r = gateway.request(method, path).bearer(key.token().value()).tenant(TENANT);
        return (json == null ? r : r.json(json)).send();
    }

    /** A request only a socket can send (repeated headers, a declared body never sent), as an {@link HttpReply}. */
    private static HttpReply raw(String method, String path, String json, String... headers) {
        List<String> lines = new ArrayList<>(List.of("Authorization: Bearer " + admin.token().value()));
        lines.addAll(List.of(headers));
        if (lines.stream().noneMatch(l -> l.startsWith("X-Strata-Tenant"))) {
            lines.add("X-Strata-Tenant: " + TENANT);
        }
        String answer = RawHttp.request(gateway.port(), method, path, json, lines.toArray(String[]::new));
        int split = answer.indexOf("\r\n\r\n");
        String head = answer.substring(0, split);
        String type = head.lines().filter(l -> l.toLowerCase(Locale.ROOT).startsWith("content-type:"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse("");
        Map<String, List<String>> map = new LinkedHashMap<>();
        if (!type.isEmpty()) {
            map.put("Content-Type", List.of(type));
        }
        return new HttpReply(RawHttp.status(answer), java.net.http.HttpHeaders.of(map, (a, b) -> true),
                answer.substring(split + 4).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The path as it should succeed; a delete gets a fresh target of its own. */
    private static String concrete(String method, String template) {
        boolean delete = method.equals("DELETE");
        return switch (template) {
            case "/v1/memory" -> method.equals("DELETE") ? "/v1/memory?key=" + freshKeyed() : "/v1/memory";
            case "/v1/memory/history" -> "/v1/memory/history?key=auth";
            case "/v1/memory/{id}" -> "/v1/memory/" + (delete ? freshMemory() : memory);
            case "/v1/memory/{id}/restore" -> "/v1/memory/" + memory + "/restore";
            case "/v1/profile/{key}" -> "/v1/profile/" + (delete ? freshProfile() : "risk");
            case "/v1/vault/{key}" -> "/v1/vault/" + (delete ? freshVault() : "api_token");
            case "/v1/sessions/{id}" -> "/v1/sessions/" + (delete ? freshSession() : session);
            case "/v1/sessions/{id}/prompt" -> "/v1/sessions/" + session + "/prompt";
            case "/v1/sessions/{id}/explain" -> "/v1/sessions/" + session + "/explain";
            case "/v1/facts/{id}" -> "/v1/facts/" + fact;
            case "/v1/facts/{id}/events" -> "/v1/facts/" + fact + "/events";
            case "/v1/tools/{name}" -> "/v1/tools/memory_list";
            case "/v1/entities/{key}/neighborhood" -> "/v1/entities/BTC/neighborhood";
            case "/v1/entities/{base}/{quote}/neighborhood" -> "/v1/entities/EUR/USD/neighborhood";
            case "/v1/profile/tags/{dimension}" -> "/v1/profile/tags/" + (delete ? freshTag() : "risk");
            case "/v1/profile/strategy-runs/{id}/stop" -> "/v1/profile/strategy-runs/" + freshRun(false) + "/stop";
            case "/v1/profile/strategy-runs/{id}/pnl" -> "/v1/profile/strategy-runs/" + freshRun(true) + "/pnl";
            case "/v1/sessions/{id}/turn" -> "/v1/sessions/" + session + "/turn";
            case "/v1/conversations/{id}" -> "/v1/conversations/" + (delete ? freshConversation() : CONVERSATION);
            case "/v1/conversations/{id}/messages" -> "/v1/conversations/" + CONVERSATION + "/messages";
            case "/v1/trading/trades" -> "/v1/trading/trades?asset=BTC";
            case "/v1/role-memory/{id}" -> "/v1/role-memory/" + roleEntry;
            case "/v1/role-memory/{id}/evidence" -> "/v1/role-memory/" + roleEntry + "/evidence";
            // an outcome is recorded once per entry: each probe gets a pending entry of its own
            case "/v1/role-memory/{id}/outcome" -> "/v1/role-memory/" + freshRoleEntry() + "/outcome";
            default -> template.replace("{id}", "1").replace("{key}", "k").replace("{entity}", "BTC")
                    .replace("{role}", ROLE);
        };
    }

    private static String missing(String template) {
        return template.replace("{id}", template.startsWith("/v1/sessions") ? UUID.randomUUID().toString() : "999999")
                .replace("{key}", "no_such_key").replace("{name}", "no_such_tool").replace("{entity}", "NOSUCH")
                .replace("{base}", "EUR").replace("{quote}", "JPY").replace("{dimension}", "fomo_index")
                .replace("{role}", "no_such.role");
    }

    private static String body(String method, String template) {
        String write = "{\"category\":\"observation\",\"content\":\"contract write " + (++counter) + "\"}";
        return switch (method + " " + template) {
            case "POST /v1/memory" -> write;
            case "POST /v1/memory/batch" -> "{\"memories\":[" + write + "]}";
            case "POST /v1/memory/search" -> "{\"query\":\"limit orders\"}";
            case "PATCH /v1/memory/{id}" -> "{\"content\":\"BTC holder prefers limit orders, always\"}";
            case "PUT /v1/profile/{key}" -> "{\"value\":\"moderate\"}";
            case "PUT /v1/vault/{key}" -> "{\"value\":\"tok-0987654321\"}";
            case "POST /v1/facts" -> "{\"content\":\"The user lives in Lisbon\"}";
            case "POST /v1/tools/{name}" -> "{}";
            case "PATCH /v1/profile" -> "{\"custom_prompt\":\"Answer briefly.\"}";
            case "PUT /v1/profile/tags/{dimension}" -> "{\"value\":\"conservative\"}";
            case "POST /v1/profile/onboarding" -> "{\"answers\":{\"risk\":\"balanced\",\"markets\":[\"memes\"]}}";
            case "POST /v1/profile/capital" -> "{\"spot_holdings_usd\":100,\"perp_value_usd\":50}";
            case "POST /v1/profile/strategy-runs" -> "{\"strategy_id\":\"contract-grid-" + counter
                    + "\",\"allocated_usd\":10}";
            case "POST /v1/profile/strategy-runs/reconcile" -> "{\"running\":[]}";
            case "POST /v1/profile/strategy-runs/{id}/pnl" -> "{\"realized_pnl_usd\":1.5}";
            case "POST /v1/sessions/{id}/turn" -> "{\"message\":\"should I buy memes?\"}";
            case "POST /v1/conversations/{id}/messages" -> "{\"messages\":[{\"id\":\"c" + counter
                    + "\",\"role\":\"user\",\"content\":\"I prefer limit orders\"}]}";
            case "POST /v1/trading/perps-fills" -> "{\"fills\":[{\"sub_account_id\":\"0xsub\",\"oid\":" + counter
                    + ",\"ts_ms\":1767600000000,\"symbol\":\"BTC\",\"side\":\"B\",\"size\":1,\"price\":60000,"
                    + "\"tid\":" + counter + "}]}";
            case "POST /v1/trading/spot-activities" -> "{\"activities\":[{\"tx_hash\":\"0xtx" + counter
                    + "\",\"ts_ms\":1767600000000,\"type\":\"swap\",\"status\":\"completed\"}]}";
            case "POST /v1/roles/{role}/decisions" -> "{\"decision\":\"contract thesis " + counter
                    + "\",\"asset\":\"BTC\",\"inputs\":{\"horizon\":\"1y\"}}";
            case "POST /v1/prices" -> "{\"prices\":[{\"asset\":\"BTC\",\"price\":100.5,\"source\":\"contract\"}]}";
            default -> template.startsWith("/v1/tools/") ? toolArguments(template.substring("/v1/tools/".length()))
                    : fromSchema(method, template);
        };
    }

    /** A body of the operation's required fields (an enum's first value, a number 1), or none when it takes none. */
    private static String fromSchema(String method, String template) {
        JsonObject op = operation(method, template);
        if (!op.containsKey("requestBody")) {
            return null;
        }
        JsonObject schema = resolve(resolve(op.getJsonObject("requestBody")).getJsonObject("content")
                .getJsonObject("application/json").getJsonObject("schema"));
        var body = Json.createObjectBuilder();
        if (schema.containsKey("required")) {
            for (JsonValue name : schema.getJsonArray("required")) {
                String field = ((JsonString) name).getString();
                JsonObject property = resolve(schema.getJsonObject("properties").getJsonObject(field));
                if (property.containsKey("enum")) {
                    body.add(field, property.getJsonArray("enum").get(0));
                } else {
                    switch (property.getString("type", "string")) {
                        case "number" -> body.add(field, 1.5);
                        case "integer" -> body.add(field, 1);
                        case "boolean" -> body.add(field, false);
                        case "array" -> body.add(field, JsonValue.EMPTY_JSON_ARRAY);
                        case "object" -> body.add(field, JsonValue.EMPTY_JSON_OBJECT);
                        default -> body.add(field, "contract " + field);
                    }
                }
            }
        }
        return body.build().toString();
    }

    /** Arguments a tool accepts, built from its documented schema. */
    private static String toolArguments(String tool) {
        JsonObject schema = operation("POST", "/v1/tools/" + tool).getJsonObject("requestBody").getJsonObject("content")
                .getJsonObject("application/json").getJsonObject("schema");
        var args = Json.createObjectBuilder();
        for (JsonValue name : schema.getJsonArray("required")) {
            String field = ((JsonString) name).getString();
            String type = schema.getJsonObject("properties").getJsonObject(field).getString("type");
            switch (type) {
                case "integer" -> args.add(field, memory);
                case "number" -> args.add(field, 1.5);
                case "boolean" -> args.add(field, false);
                case "object" -> args.add(field, JsonValue.EMPTY_JSON_OBJECT);
                default -> args.add(field, switch (tool + "." + field) {
                    case "memory_save.key" -> "contract-save-" + (++counter);
                    case "memory_delete.key" -> freshKeyed();
                    case "vault_delete.key" -> freshVault();
                    case "vault_get.key", "vault_set.key" -> "api_token";
                    case "search_user_trades.asset" -> "BTC";
                    default -> switch (field) {
                        case "category" -> "preference";
                        case "key" -> "auth";
                        case "id" -> Long.toString(memory);
                        case "role" -> ROLE;
                        case "asset" -> "BTC";
                        default -> "contract " + field;
                    };
                });
            }
        }
        return args.build().toString();
    }

    private static long freshMemory() {
        return as("POST", "/v1/memory", "{\"category\":\"observation\",\"content\":\"to delete " + (++counter) + "\"}")
                .send().assertJson(201).id();
    }

    private static String freshKeyed() {
        String key = "gone-" + (++counter);
        as("POST", "/v1/memory", "{\"category\":\"decision\",\"key\":\"" + key + "\",\"content\":\"x\"}").send()
                .assertJson(201);
        return key;
    }

    private static String freshProfile() {
        String key = "p" + (++counter);
        as("PUT", "/v1/profile/" + key, "{\"value\":\"x\"}").send().assertJson(200);
        return key;
    }

    private static String freshVault() {
        String key = "v" + (++counter);
        as("PUT", "/v1/vault/" + key, "{\"value\":\"value-" + counter + "\"}").send().assertJson(200);
        return key;
    }

    /** A declared tag to delete. */
    private static String freshTag() {
        as("PUT", "/v1/profile/tags/style", "{\"value\":\"technical\"}").send().assertJson(200);
        return "style";
    }

    /** A strategy run of its own: running, or already stopped (the P&L is backfilled after a stop). */
    private static long freshRun(boolean stopped) {
        long id = as("POST", "/v1/profile/strategy-runs", "{\"strategy_id\":\"contract-run-" + (++counter)
                + "\",\"allocated_usd\":5}").send().assertJson(201).id();
        if (stopped) {
            as("POST", "/v1/profile/strategy-runs/" + id + "/stop", "{}").send().assertJson(200);
        }
        return id;
    }

    private static String freshConversation() {
        String id = "contract-gone-" + (++counter);
        as("POST", "/v1/conversations/" + id + "/messages", "{\"messages\":[{\"id\":\"m1\",\"role\":\"user\","
                + "\"content\":\"to delete\"}]}").send().assertJson(200);
        return id;
    }

    private static long freshRoleEntry() {
        return as("POST", "/v1/roles/" + ROLE + "/decisions", "{\"decision\":\"contract thesis " + (++counter)
                + "\"}").send().assertJson(201).id();
    }

    private static String freshSession() {
        return as("POST", "/v1/sessions", null).send().assertJson(201).json().getString("id");
    }

    private static JsonObject operation(String method, String path) {
        return document.getJsonObject("paths").getJsonObject(path).getJsonObject(method.toLowerCase(Locale.ROOT));
    }

    /** Records the status and checks status, media type and fields against the operation's documentation. */
    private void check(String method, String template, HttpReply reply) {
        String name = method + " " + template;
        String status = Integer.toString(reply.status());
        observed.computeIfAbsent(name, k -> new TreeSet<>()).add(status);
        JsonObject responses = operation(method, template).getJsonObject("responses");
        JsonObject response = responses.containsKey(status) ? responses.getJsonObject(status)
                : responses.getJsonObject("default");
        if (response == null) {
            violations.add(name + " answered " + status + ", which it does not document: " + reply.text());
            return;
        }
        response = resolve(response);
        if (reply.body().length == 0) {
            return;
        }
        String type = reply.headers().firstValue("Content-Type").orElse("").split(";")[0].strip();
        if (!response.containsKey("content") || !response.getJsonObject("content").containsKey(type)) {
            violations.add(name + " " + status + " answered " + type + ", which it does not document");
            return;
        }
        if (type.endsWith("json")) {
            JsonObject media = response.getJsonObject("content").getJsonObject(type);
            if (media.containsKey("schema")) {
                JsonValue body = Json.createReader(new StringReader(reply.text())).readValue();
                validate(name + " " + status, "", body, media.getJsonObject("schema"));
            }
        }
    }

    private static JsonObject resolve(JsonObject maybeRef) {
        JsonObject current = maybeRef;
        while (current.containsKey("$ref")) {
            String[] parts = current.getString("$ref").substring(2).split("/");
            JsonObject target = document;
            for (String part : parts) {
                target = target.getJsonObject(part);
            }
            current = target;
        }
        return current;
    }

    /** A small JSON Schema check: types, required, enum, items, allOf, and closed objects when properties are listed. */
    private void validate(String where, String path, JsonValue value, JsonObject schemaOrRef) {
        JsonObject schema = resolve(schemaOrRef);
        if (schema.containsKey("allOf")) {
            Map<String, JsonObject> properties = new LinkedHashMap<>();
            for (JsonValue part : schema.getJsonArray("allOf")) {
                JsonObject p = resolve(part.asJsonObject());
                if (p.containsKey("properties")) {
                    p.getJsonObject("properties").forEach((k, v) -> properties.put(k, v.asJsonObject()));
                }
            }
            var merged = Json.createObjectBuilder().add("type", "object");
            var props = Json.createObjectBuilder();
            properties.forEach(props::add);
            validate(where, path, value, merged.add("properties", props).build());
            return;
        }
        if (schema.containsKey("type") && !typeMatches(schema.get("type"), value)) {
            violations.add(where + ": " + (path.isEmpty() ? "the body" : path) + " is " + value.getValueType()
                    + ", documented " + schema.get("type"));
            return;
        }
        if (schema.containsKey("enum") && !schema.getJsonArray("enum").contains(value)) {
            violations.add(where + ": " + path + " = " + value + " is not one of " + schema.getJsonArray("enum"));
        }
        if (value.getValueType() == JsonValue.ValueType.OBJECT) {
            JsonObject object = value.asJsonObject();
            if (schema.containsKey("required")) {
                for (JsonValue required : schema.getJsonArray("required")) {
                    if (!object.containsKey(((JsonString) required).getString())) {
                        violations.add(where + ": " + path + " lacks the required field " + required);
                    }
                }
            }
            if (schema.containsKey("properties")) {
                JsonObject properties = schema.getJsonObject("properties");
                boolean open = schema.containsKey("additionalProperties")
                        && schema.get("additionalProperties") != JsonValue.FALSE;
                for (Map.Entry<String, JsonValue> field : object.entrySet()) {
                    if (properties.containsKey(field.getKey())) {
                        validate(where, path + "." + field.getKey(), field.getValue(),
                                properties.getJsonObject(field.getKey()));
                    } else if (!open) {
                        violations.add(where + ": field " + path + "." + field.getKey() + " is not documented");
                    }
                }
            }
        }
        if (value.getValueType() == JsonValue.ValueType.ARRAY && schema.containsKey("items")) {
            JsonArray items = value.asJsonArray();
            for (int i = 0; i < items.size(); i++) {
                validate(where, path + "[" + i + "]", items.get(i), schema.getJsonObject("items"));
            }
        }
    }

    private static boolean typeMatches(JsonValue type, JsonValue value) {
        if (type.getValueType() == JsonValue.ValueType.ARRAY) {
            return type.asJsonArray().stream().anyMatch(t -> typeMatches(t, value));
        }
        return switch (((JsonString) type).getString()) {
            case "object" -> value.getValueType() == JsonValue.ValueType.OBJECT;
            case "array" -> value.getValueType() == JsonValue.ValueType.ARRAY;
            case "string" -> value.getValueType() == JsonValue.ValueType.STRING;
            case "integer" -> value.getValueType() == JsonValue.ValueType.NUMBER && ((JsonNumber) value).isIntegral();
            case "number" -> value.getValueType() == JsonValue.ValueType.NUMBER;
            case "boolean" -> value == JsonValue.TRUE || value == JsonValue.FALSE;
            case "null" -> value == JsonValue.NULL;
            default -> true;
        };
    }
}
