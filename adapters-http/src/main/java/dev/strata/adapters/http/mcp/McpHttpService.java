package dev.strata.adapters.http.mcp;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.Requests;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
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
 * <p>The JSON-RPC methods are {@link McpDispatcher}'s, shared with the stdio transport; this class adds
 * HTTP's part: the Origin check, the bounded body, and {@code Mcp-Session-Id} sessions bound to the tenant.
 * It is a small JSON-RPC 2.0 glue over JSON-P, not the MCP Java SDK: the SDK's server transports
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

    static final HeaderName SESSION_HEADER = HeaderNames.create("Mcp-Session-Id");
    /** Sessions are small (id → tenant); the cap keeps an initialize loop from growing memory without bound. */
    private static final int MAX_SESSIONS = 10_000;

    private final McpDispatcher dispatcher;
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
        this.dispatcher = new McpDispatcher(registry, resources);
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
        String text;
        try {
            // oversized bodies stay the gateway's 413 (HttpProblemException), thrown by the bounded read
            text = Requests.text(req, settings.maxBodyBytes());
        } catch (InvalidInputException e) {
            reply(res, Status.BAD_REQUEST_400, McpDispatcher.error(JsonValue.NULL, McpDispatcher.PARSE_ERROR,
                    "parse error: " + e.getMessage()));
            return;
        }
        McpDispatcher.Incoming incoming = dispatcher.read(text);
        switch (incoming) {
            case McpDispatcher.Invalid invalid -> reply(res, Status.BAD_REQUEST_400, invalid.error());
            case McpDispatcher.Ignored ignored -> res.status(Status.ACCEPTED_202).send();
            case McpDispatcher.Request request -> answer(req, res, tenant, request);
        }
    }

    private void answer(ServerRequest req, ServerResponse res, Tenant tenant, McpDispatcher.Request request) {
        if (request.isInitialize()) {
            String session = UUID.randomUUID().toString();
            sessions.put(session, tenant);
            res.header(SESSION_HEADER, session);
            reply(res, Status.OK_200, dispatcher.answer(request, tenant, () -> Actors.of(req)));
            return;
        }
        Optional<String> session = req.headers().first(SESSION_HEADER);
        if (session.isEmpty()) {
            reply(res, Status.BAD_REQUEST_400, McpDispatcher.error(request.id(), McpDispatcher.INVALID_REQUEST,
                    "missing Mcp-Session-Id header: call initialize first"));
            return;
        }
        Tenant bound = sessions.get(session.get());
        if (bound == null || !bound.equals(tenant)) {
            // unknown, ended, or another tenant's session: all look the same, so ids cannot be probed across tenants
            reply(res, Status.NOT_FOUND_404, McpDispatcher.error(request.id(), McpDispatcher.INVALID_REQUEST,
                    "unknown or ended session: initialize again"));
            return;
        }
        // the call's writes name the request's actor (X-Strata-Actor, else its API key)
        reply(res, Status.OK_200, dispatcher.answer(request, tenant, () -> Actors.of(req)));
    }

    private boolean originRefused(ServerRequest req, ServerResponse res) {
        Optional<String> origin = req.headers().first(HeaderNames.ORIGIN);
        if (origin.isEmpty() || originAllowed(origin.get())) {
            return false;
        }
        reply(res, Status.FORBIDDEN_403, McpDispatcher.error(JsonValue.NULL, McpDispatcher.INVALID_REQUEST,
                "Origin '" + McpDispatcher.abbreviate(origin.get()) + "' is not allowed (DNS-rebinding protection)"));
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
        reply(res, status, body.toString());
    }

    private static void reply(ServerResponse res, Status status, String body) {
        res.status(status);
        res.header(HeaderNames.CONTENT_TYPE, "application/json");
        res.send(body.getBytes(StandardCharsets.UTF_8));
    }

}
