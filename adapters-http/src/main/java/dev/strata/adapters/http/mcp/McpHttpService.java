package dev.strata.adapters.http.mcp;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.Json;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.JsonTree;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.tool.ToolViews;
import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.tool.ToolResult;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;

import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * {@code /mcp}: the agent tools of the {@link ToolRegistry} over the Model Context Protocol's
 * Streamable HTTP transport, on the gateway's server and port, behind the same authentication filter
 * as REST (a Bearer key bound to a tenant; 401/403 come from the filter before any JSON-RPC is read).
 *
 * <p>This is a small JSON-RPC 2.0 glue over JSON-P, not the MCP Java SDK: the SDK's server transports
 * are written for Servlet, WebFlux and WebMvc, none for Helidon SE, and a tool server needs only
 * request/response exchanges (every answer is a single {@code application/json} body, which the
 * transport allows; no server-initiated messages, so {@code GET /mcp} is 405 as the spec permits).
 * What a tool does, accepts and answers stays the registry's; this class only translates.
 *
 * <p>Hostile input never reaches a 5xx: malformed JSON is -32700, a request that is not JSON-RPC
 * -32600, a batch (removed from the protocol in 2025-06-18) -32600, an unknown method -32601, bad
 * params -32602; a body over the gateway's limit is the gateway's 413.
 */
public final class McpHttpService implements Resource {

    /** Newest first: an {@code initialize} naming one of these gets it back, anything else the newest. */
    static final List<String> PROTOCOL_VERSIONS = List.of("2025-06-18", "2025-03-26", "2024-11-05");
    static final HeaderName SESSION_HEADER = HeaderNames.create("Mcp-Session-Id");
    private static final HeaderName PROTOCOL_HEADER = HeaderNames.create("MCP-Protocol-Version");
    /** Sessions are small (id → tenant); the cap keeps an initialize loop from growing memory without bound. */
    private static final int MAX_SESSIONS = 10_000;
    private static final Json TOOL_JSON = Json.withViews(ToolViews.MAPPING);

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    /** The MCP specification's code for a resource that does not exist. */
    static final int RESOURCE_NOT_FOUND = -32002;

    private final ToolRegistry registry;
    private final McpResources resources;
    private final GatewaySettings settings;
    private final Set<String> allowedOrigins;
    private final Map<String, Tenant> sessions = Collections.synchronizedMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Tenant> eldest) {
            return size() > MAX_SESSIONS;
        }
    });

    /**
     * @param allowedOrigins browser origins allowed besides loopback ones ({@code http://localhost:*},
     *                       {@code 127.0.0.1}, {@code [::1]}); a request with any other {@code Origin} is a 403
     */
    public McpHttpService(ToolRegistry registry, McpResources resources, GatewaySettings settings,
                          Set<String> allowedOrigins) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.resources = Objects.requireNonNull(resources, "resources");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.allowedOrigins = Set.copyOf(allowedOrigins);
    }

    public McpHttpService(ToolRegistry registry, McpResources resources, GatewaySettings settings) {
        this(registry, resources, settings, Set.of());
    }

    @Override
    public String path() {
        return "/mcp";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/", this::post)
                .delete("/", this::delete)
                .any("/", (req, res) -> {
                    if (originRefused(req, res)) {
                        return;
                    }
                    res.header(HeaderNames.ALLOW, "POST, DELETE");
                    res.status(Status.METHOD_NOT_ALLOWED_405).send();
                });
    }

    private void delete(ServerRequest req, ServerResponse res) {
        if (originRefused(req, res)) {
            return;
        }
        Optional<String> id = req.headers().first(SESSION_HEADER);
        Tenant tenant = Requests.tenant(req);
        if (id.isPresent() && tenant.equals(sessions.get(id.get()))) {
            sessions.remove(id.get());
            res.status(Status.OK_200).send();
        } else {
            res.status(Status.NOT_FOUND_404).send();
        }
    }

    private void post(ServerRequest req, ServerResponse res) {
        if (originRefused(req, res)) {
            return;
        }
        Tenant tenant = Requests.tenant(req);
        JsonValue message;
        try {
            message = parse(req);
        } catch (InvalidInputException e) {
            // oversized bodies stay the gateway's 413 (HttpProblemException); anything unreadable is JSON-RPC's parse error
            reply(res, Status.BAD_REQUEST_400, error(JsonValue.NULL, PARSE_ERROR, "parse error: " + e.getMessage()));
            return;
        }
        if (message.getValueType() == JsonValue.ValueType.ARRAY) {
            reply(res, Status.BAD_REQUEST_400, error(JsonValue.NULL, INVALID_REQUEST,
                    "JSON-RPC batches are not supported (removed from MCP in 2025-06-18); send one message per request"));
            return;
        }
        if (message.getValueType() != JsonValue.ValueType.OBJECT) {
            reply(res, Status.BAD_REQUEST_400, error(JsonValue.NULL, INVALID_REQUEST, "a JSON-RPC message is an object"));
            return;
        }
        JsonObject rpc = message.asJsonObject();
        JsonValue id = rpc.get("id");
        boolean validId = id == null || id.getValueType() == JsonValue.ValueType.STRING
                || id.getValueType() == JsonValue.ValueType.NUMBER;
        JsonValue echoId = id != null && validId ? id : JsonValue.NULL;
        if (!"2.0".equals(string(rpc, "jsonrpc")) || !validId) {
            reply(res, Status.BAD_REQUEST_400, error(echoId, INVALID_REQUEST,
                    "not a JSON-RPC 2.0 message: needs \"jsonrpc\":\"2.0\" and a string or number id"));
            return;
        }
        String method = string(rpc, "method");
        if (method == null) {
            // a response or an error from the client: we never ask anything, so there is nothing to match it to
            res.status(Status.ACCEPTED_202).send();
            return;
        }
        JsonValue rawParams = rpc.get("params");
        if (rawParams != null && rawParams.getValueType() != JsonValue.ValueType.OBJECT) {
            reply(res, Status.BAD_REQUEST_400, error(echoId, INVALID_PARAMS, "params must be an object"));
            return;
        }
        JsonObject params = rawParams == null ? JsonValue.EMPTY_JSON_OBJECT : rawParams.asJsonObject();
        if (id == null) {
            // a notification (notifications/initialized, notifications/cancelled, ...): acknowledged, never answered
            res.status(Status.ACCEPTED_202).send();
            return;
        }
        if (method.equals("initialize")) {
            initialize(res, id, tenant, params);
            return;
        }
        Optional<String> session = req.headers().first(SESSION_HEADER);
        if (session.isEmpty()) {
            reply(res, Status.BAD_REQUEST_400, error(id, INVALID_REQUEST,
                    "missing Mcp-Session-Id header: call initialize first"));
            return;
        }
        Tenant bound = sessions.get(session.get());
        if (bound == null || !bound.equals(tenant)) {
            // unknown, ended, or another tenant's session: all look the same, so ids cannot be probed across tenants
            reply(res, Status.NOT_FOUND_404, error(id, INVALID_REQUEST, "unknown or ended session: initialize again"));
            return;
        }
        JsonObject answer = switch (method) {
            case "ping" -> result(id, JsonValue.EMPTY_JSON_OBJECT);
            case "tools/list" -> result(id, toolList());
            case "tools/call" -> callTool(id, req, tenant, params);
            case "resources/list" -> result(id, jakarta.json.Json.createObjectBuilder()
                    .add("resources", jakarta.json.Json.createArrayBuilder().add(jakarta.json.Json.createObjectBuilder()
                            .add("uri", McpResources.CONTEXT_URI).add("name", "memory-context")
                            .add("description", "This tenant's fenced <memory-context> block, as GET /v1/snapshot renders it")
                            .add("mimeType", "text/plain"))).build());
            case "resources/templates/list" -> result(id, jakarta.json.Json.createObjectBuilder()
                    .add("resourceTemplates", jakarta.json.Json.createArrayBuilder().add(jakarta.json.Json.createObjectBuilder()
                            .add("uriTemplate", McpResources.SESSION_PROMPT_TEMPLATE).add("name", "session-prompt")
                            .add("description", "A frozen session's prompt, as GET /v1/sessions/{id}/prompt answers it")
                            .add("mimeType", "text/plain"))).build());
            case "resources/read" -> readResource(id, tenant, params);
            case "prompts/list" -> result(id, jakarta.json.Json.createObjectBuilder()
                    .add("prompts", jakarta.json.Json.createArrayBuilder()).build());
            default -> error(id, METHOD_NOT_FOUND, "unknown method '" + abbreviate(method) + "'");
        };
        reply(res, Status.OK_200, answer);
    }

    private void initialize(ServerResponse res, JsonValue id, Tenant tenant, JsonObject params) {
        String asked = string(params, "protocolVersion");
        String version = asked != null && PROTOCOL_VERSIONS.contains(asked) ? asked : PROTOCOL_VERSIONS.get(0);
        String session = UUID.randomUUID().toString();
        sessions.put(session, tenant);
        JsonObject result = jakarta.json.Json.createObjectBuilder()
                .add("protocolVersion", version)
                .add("capabilities", jakarta.json.Json.createObjectBuilder()
                        .add("tools", jakarta.json.Json.createObjectBuilder().add("listChanged", false))
                        .add("resources", jakarta.json.Json.createObjectBuilder()
                                .add("subscribe", false).add("listChanged", false)))
                .add("serverInfo", jakarta.json.Json.createObjectBuilder().add("name", "strata").add("version", "1"))
                .add("instructions", "Strata agent memory: the tools read and write this tenant's memories and vault.")
                .build();
        res.header(SESSION_HEADER, session);
        reply(res, Status.OK_200, result(id, result));
    }

    /** {@code strata://memory/context} or {@code strata://sessions/<id>/prompt}; anything else is -32002. */
    private JsonObject readResource(JsonValue id, Tenant tenant, JsonObject params) {
        String uri = string(params, "uri");
        if (uri == null) {
            return error(id, INVALID_PARAMS, "params.uri must name a resource");
        }
        String text;
        try {
            if (uri.equals(McpResources.CONTEXT_URI)) {
                text = resources.contextBlock().apply(tenant);
            } else if (uri.startsWith(McpResources.SESSION_PROMPT_PREFIX) && uri.endsWith(McpResources.SESSION_PROMPT_SUFFIX)
                    && uri.length() > McpResources.SESSION_PROMPT_PREFIX.length() + McpResources.SESSION_PROMPT_SUFFIX.length()) {
                text = resources.sessionPrompt().apply(tenant, uri.substring(McpResources.SESSION_PROMPT_PREFIX.length(),
                        uri.length() - McpResources.SESSION_PROMPT_SUFFIX.length()));
            } else {
                return error(id, RESOURCE_NOT_FOUND, "no resource at '" + abbreviate(uri) + "' (known: "
                        + McpResources.CONTEXT_URI + ", " + McpResources.SESSION_PROMPT_TEMPLATE + ")");
            }
        } catch (NotFoundException e) {
            return error(id, RESOURCE_NOT_FOUND, e.getMessage());
        } catch (InvalidInputException e) {
            return error(id, INVALID_PARAMS, "params.uri: " + e.getMessage());
        }
        return result(id, jakarta.json.Json.createObjectBuilder().add("contents", jakarta.json.Json.createArrayBuilder()
                .add(jakarta.json.Json.createObjectBuilder().add("uri", uri).add("mimeType", "text/plain")
                        .add("text", text))).build());
    }

    private JsonObject toolList() {
        JsonArrayBuilder tools = jakarta.json.Json.createArrayBuilder();
        for (ToolDefinition tool : registry.tools()) {
            tools.add(jakarta.json.Json.createObjectBuilder()
                    .add("name", tool.name())
                    .add("description", tool.description())
                    .add("inputSchema", JsonTree.toJsonObject(tool.input().toJson())));
        }
        return jakarta.json.Json.createObjectBuilder().add("tools", tools).build();
    }

    /**
     * The REST envelope, as text and as structured content; a refusal is {@code isError} with the envelope's
     * message. The call's writes name the request's actor ({@code X-Strata-Actor}, else its API key).
     */
    private JsonObject callTool(JsonValue id, ServerRequest req, Tenant tenant, JsonObject params) {
        String name = string(params, "name");
        if (name == null) {
            return error(id, INVALID_PARAMS, "params.name must name a tool");
        }
        Optional<ToolDefinition> tool = registry.find(name);
        if (tool.isEmpty()) {
            return error(id, INVALID_PARAMS, "unknown tool '" + abbreviate(name) + "' (known: "
                    + String.join(", ", registry.names()) + ")");
        }
        JsonValue arguments = params.getOrDefault("arguments", JsonValue.EMPTY_JSON_OBJECT);
        if (arguments.getValueType() != JsonValue.ValueType.OBJECT) {
            return error(id, INVALID_PARAMS, "params.arguments must be an object");
        }
        ToolResult outcome;
        try {
            outcome = tool.get().call(new ToolCall(tenant, Actors.of(req)), JsonTree.toNode(arguments));
        } catch (InvalidInputException e) {
            outcome = new ToolResult.Failed(e);
        }
        return switch (outcome) {
            case ToolResult.Ok ok -> result(id, content(new Answer(true, ok.data()), null));
            case ToolResult.Failed failed -> result(id, content(refusal(failed.error()), failed.error().getMessage()));
        };
    }

    private static JsonObject content(Object envelope, String errorMessage) {
        JsonObject structured = readObject(new String(TOOL_JSON.bytes(envelope), StandardCharsets.UTF_8));
        String text = errorMessage == null ? structured.toString() : errorMessage;
        return jakarta.json.Json.createObjectBuilder()
                .add("content", jakarta.json.Json.createArrayBuilder().add(jakarta.json.Json.createObjectBuilder()
                        .add("type", "text").add("text", text)))
                .add("structuredContent", structured)
                .add("isError", errorMessage != null)
                .build();
    }

    private static Refusal refusal(DomainException e) {
        Optional<String> field = e instanceof InvalidInputException invalid ? Optional.of(invalid.field())
                : Optional.empty();
        Optional<Map<String, Object>> details = e instanceof dev.strata.domain.error.ConflictException conflict
                && !conflict.details().isEmpty() ? Optional.of(conflict.details()) : Optional.empty();
        return new Refusal(false, e.getMessage(), field, details);
    }

    private JsonValue parse(ServerRequest req) {
        // JsonBody.parse bounds depth and refuses duplicate keys, but only takes objects: read the text here
        String text = readText(req);
        String trimmed = text.strip();
        if (trimmed.startsWith("[")) {
            try (JsonReader reader = jakarta.json.Json.createReader(new StringReader(trimmed))) {
                return reader.readValue();
            } catch (RuntimeException e) {
                throw new InvalidInputException("body", "is not valid JSON");
            }
        }
        return JsonBody.parse(trimmed).raw();
    }

    private String readText(ServerRequest req) {
        // Requests.json would parse too; the body is re-read as text to tell batches (arrays) from objects
        return Requests.text(req, settings.maxBodyBytes());
    }

    private boolean originRefused(ServerRequest req, ServerResponse res) {
        Optional<String> origin = req.headers().first(HeaderNames.ORIGIN);
        if (origin.isEmpty() || originAllowed(origin.get())) {
            return false;
        }
        reply(res, Status.FORBIDDEN_403, error(JsonValue.NULL, INVALID_REQUEST,
                "Origin '" + abbreviate(origin.get()) + "' is not allowed (DNS-rebinding protection)"));
        return true;
    }

    boolean originAllowed(String origin) {
        if (allowedOrigins.contains(origin)) {
            return true;
        }
        try {
            URI uri = URI.create(origin);
            String host = uri.getHost();
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && host != null
                    && (host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]"));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static void reply(ServerResponse res, Status status, JsonObject body) {
        res.status(status);
        res.header(HeaderNames.CONTENT_TYPE, "application/json");
        res.send(body.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static JsonObject result(JsonValue id, JsonObject result) {
        return jakarta.json.Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", id).add("result", result).build();
    }

    static JsonObject error(JsonValue id, int code, String message) {
        return jakarta.json.Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", id)
                .add("error", jakarta.json.Json.createObjectBuilder().add("code", code).add("message", message))
                .build();
    }

    private static String string(JsonObject object, String name) {
        JsonValue value = object.get(name);
        return value instanceof jakarta.json.JsonString s ? s.getString() : null;
    }

    private static JsonObject readObject(String text) {
        try (JsonReader reader = jakarta.json.Json.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }

    /** Echoed client text is cut short so an error answer cannot be made larger than the request. */
    private static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "…";
    }

    private record Answer(boolean ok, Object data) {
    }

    private record Refusal(boolean ok, String error, Optional<String> field, Optional<Map<String, Object>> details) {
    }
}
