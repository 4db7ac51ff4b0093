package dev.strata.adapters.http.mcp;

import dev.strata.adapters.http.support.Json;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.JsonTree;
import dev.strata.adapters.http.tool.ToolViews;
import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.tool.ToolResult;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * MCP's JSON-RPC 2.0 methods over the {@link ToolRegistry}, free of any transport: a message and the
 * caller's tenant in, a message out. The Streamable HTTP transport ({@link McpHttpService}) and the stdio
 * transport ({@link McpStdio}) both read messages with {@link #read}, add what only they know (HTTP: the
 * {@code Mcp-Session-Id} header bound to the tenant; stdio: one session per process) and then
 * {@link #answer} them, so a tool call answers the same bytes whichever way it came.
 *
 * <p>Hostile input never throws: malformed JSON is -32700, a message that is not JSON-RPC -32600, a
 * batch (removed from the protocol in 2025-06-18) -32600, an unknown method -32601, bad params -32602.
 * What a tool does, accepts and answers stays the registry's; this class only translates.
 */
public final class McpDispatcher {

    /** Newest first: an {@code initialize} naming one of these gets it back, anything else the newest. */
    public static final List<String> PROTOCOL_VERSIONS = List.of("2025-06-18", "2025-03-26", "2024-11-05");

    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    /** The MCP specification's code for a resource that does not exist. */
    public static final int RESOURCE_NOT_FOUND = -32002;

    private static final Json TOOL_JSON = Json.withViews(ToolViews.MAPPING);

    private final ToolRegistry registry;
    private final McpResources resources;

    public McpDispatcher(ToolRegistry registry, McpResources resources) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.resources = Objects.requireNonNull(resources, "resources");
    }

    /** What one incoming message is, once read. */
    public sealed interface Incoming {
    }

    /** Not a JSON-RPC request we can serve: answer {@code error} (HTTP sends it as a 400). */
    public record Invalid(JsonObject error) implements Incoming {
    }

    /** A notification or a client's response: acknowledged, never answered (we never ask the client anything). */
    public record Ignored() implements Incoming {
    }

    /** A request to answer with {@link #answer}. */
    public record Request(JsonValue id, String method, JsonObject params) implements Incoming {
        public boolean isInitialize() {
            return method.equals("initialize");
        }
    }

    /**
     * Parses and validates one message's text. {@link JsonBody#parse} bounds depth and refuses duplicate
     * keys for objects; arrays (batches) are read only to be refused.
     */
    public Incoming read(String text) {
        String trimmed = text.strip();
        JsonValue message;
        try {
            if (trimmed.startsWith("[")) {
                try (JsonReader reader = jakarta.json.Json.createReader(new StringReader(trimmed))) {
                    message = reader.readValue();
                } catch (RuntimeException e) {
                    throw new InvalidInputException("body", "is not valid JSON");
                }
            } else {
                message = JsonBody.parse(trimmed).raw();
            }
        } catch (InvalidInputException e) {
            return new Invalid(error(JsonValue.NULL, PARSE_ERROR, "parse error: " + e.getMessage()));
        }
        if (message.getValueType() == JsonValue.ValueType.ARRAY) {
            return new Invalid(error(JsonValue.NULL, INVALID_REQUEST,
                    "JSON-RPC batches are not supported (removed from MCP in 2025-06-18); send one message per request"));
        }
        if (message.getValueType() != JsonValue.ValueType.OBJECT) {
            return new Invalid(error(JsonValue.NULL, INVALID_REQUEST, "a JSON-RPC message is an object"));
        }
        JsonObject rpc = message.asJsonObject();
        JsonValue id = rpc.get("id");
        boolean validId = id == null || id.getValueType() == JsonValue.ValueType.STRING
                || id.getValueType() == JsonValue.ValueType.NUMBER;
        JsonValue echoId = id != null && validId ? id : JsonValue.NULL;
        if (!"2.0".equals(string(rpc, "jsonrpc")) || !validId) {
            return new Invalid(error(echoId, INVALID_REQUEST,
                    "not a JSON-RPC 2.0 message: needs \"jsonrpc\":\"2.0\" and a string or number id"));
        }
        String method = string(rpc, "method");
        if (method == null) {
            if (!rpc.containsKey("method") && id != null && (rpc.containsKey("result") || rpc.containsKey("error"))) {
                // a response or an error from the client: we never ask anything, so there is nothing to match it to
                return new Ignored();
            }
            return new Invalid(error(echoId, INVALID_REQUEST,
                    "not a JSON-RPC 2.0 request: \"method\" must be a string (or, for a response, \"result\" or \"error\" with an id)"));
        }
        JsonValue rawParams = rpc.get("params");
        if (rawParams != null && rawParams.getValueType() != JsonValue.ValueType.OBJECT) {
            return new Invalid(error(echoId, INVALID_PARAMS, "params must be an object"));
        }
        if (id == null) {
            // a notification (notifications/initialized, notifications/cancelled, ...)
            return new Ignored();
        }
        return new Request(id, method, rawParams == null ? JsonValue.EMPTY_JSON_OBJECT : rawParams.asJsonObject());
    }

    /**
     * The answer to one request in {@code tenant}, as the JSON text a transport sends. {@code actor} is asked
     * only by a tool call (its writes name it), so a malformed actor never refuses a read; its invalid input is
     * the call's refusal.
     */
    public String answer(Request request, Tenant tenant, Supplier<Actor> actor) {
        if (request.method().equals("tools/call")) {
            return callTool(request.id(), tenant, actor, request.params());
        }
        return answerOther(request, tenant).toString();
    }

    private JsonObject answerOther(Request request, Tenant tenant) {
        JsonValue id = request.id();
        JsonObject params = request.params();
        return switch (request.method()) {
            case "initialize" -> result(id, initialize(params));
            case "ping" -> result(id, JsonValue.EMPTY_JSON_OBJECT);
            case "tools/list" -> result(id, toolList());
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
            default -> error(id, METHOD_NOT_FOUND, "unknown method '" + abbreviate(request.method()) + "'");
        };
    }

    private static JsonObject initialize(JsonObject params) {
        String asked = string(params, "protocolVersion");
        String version = asked != null && PROTOCOL_VERSIONS.contains(asked) ? asked : PROTOCOL_VERSIONS.get(0);
        return jakarta.json.Json.createObjectBuilder()
                .add("protocolVersion", version)
                .add("capabilities", jakarta.json.Json.createObjectBuilder()
                        .add("tools", jakarta.json.Json.createObjectBuilder().add("listChanged", false))
                        .add("resources", jakarta.json.Json.createObjectBuilder()
                                .add("subscribe", false).add("listChanged", false)))
                .add("serverInfo", jakarta.json.Json.createObjectBuilder().add("name", "strata").add("version", "1"))
                .add("instructions", "Strata agent memory: the tools read and write this tenant's memories and vault.")
                .build();
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
     * message as its text. The envelope is written once, by the same JSON-B mapping as {@code /v1/tools}, and
     * spliced into the answer as it is: the tool answer is the hot path, and parsing it back into JSON-P to
     * write it twice more measured about a third slower than REST in {@code strata bench}.
     */
    private String callTool(JsonValue id, Tenant tenant, Supplier<Actor> actor, JsonObject params) {
        String name = string(params, "name");
        if (name == null) {
            return error(id, INVALID_PARAMS, "params.name must name a tool").toString();
        }
        Optional<ToolDefinition> tool = registry.find(name);
        if (tool.isEmpty()) {
            return error(id, INVALID_PARAMS, "unknown tool '" + abbreviate(name) + "' (known: "
                    + String.join(", ", registry.names()) + ")").toString();
        }
        JsonValue arguments = params.getOrDefault("arguments", JsonValue.EMPTY_JSON_OBJECT);
        if (arguments.getValueType() != JsonValue.ValueType.OBJECT) {
            return error(id, INVALID_PARAMS, "params.arguments must be an object").toString();
        }
        ToolResult outcome;
        try {
            outcome = tool.get().call(new ToolCall(tenant, actor.get()), JsonTree.toNode(arguments));
        } catch (InvalidInputException e) {
            outcome = new ToolResult.Failed(e);
        }
        return switch (outcome) {
            case ToolResult.Ok ok -> toolResult(id, new Answer(true, ok.data()), null);
            case ToolResult.Failed failed -> toolResult(id, refusal(failed.error()), failed.error().getMessage());
        };
    }

    private static String toolResult(JsonValue id, Object envelope, String errorMessage) {
        String structured = new String(TOOL_JSON.bytes(envelope), StandardCharsets.UTF_8);
        String text = jakarta.json.Json.createValue(errorMessage == null ? structured : errorMessage).toString();
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":" + text
                + "}],\"structuredContent\":" + structured + ",\"isError\":" + (errorMessage != null) + "}}";
    }

    private static Refusal refusal(DomainException e) {
        Optional<String> field = e instanceof InvalidInputException invalid ? Optional.of(invalid.field())
                : Optional.empty();
        Optional<Map<String, Object>> details = e instanceof ConflictException conflict
                && !conflict.details().isEmpty() ? Optional.of(conflict.details()) : Optional.empty();
        return new Refusal(false, e.getMessage(), field, details);
    }

    public static JsonObject result(JsonValue id, JsonObject result) {
        return jakarta.json.Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", id).add("result", result).build();
    }

    public static JsonObject error(JsonValue id, int code, String message) {
        return jakarta.json.Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", id)
                .add("error", jakarta.json.Json.createObjectBuilder().add("code", code).add("message", message))
                .build();
    }

    private static String string(JsonObject object, String name) {
        JsonValue value = object.get(name);
        return value instanceof JsonString s ? s.getString() : null;
    }

    /** Echoed client text is cut short so an error answer cannot be made larger than the request. */
    static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "…";
    }

    private record Answer(boolean ok, Object data) {
    }

    private record Refusal(boolean ok, String error, Optional<String> field, Optional<Map<String, Object>> details) {
    }
}
