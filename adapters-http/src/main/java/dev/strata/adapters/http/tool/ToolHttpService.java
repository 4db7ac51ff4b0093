package dev.strata.adapters.http.tool;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.HttpProblemException;
import dev.strata.adapters.http.support.Json;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.JsonTree;
import dev.strata.adapters.http.support.Problem;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.tool.ToolResult;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonObject;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code /v1/tools}: the agent tools of the {@link ToolRegistry} over REST. {@code GET /v1/tools}
 * lists them with their schemas; {@code POST /v1/tools/<name>} takes the arguments as the JSON body
 * and answers the spec's envelope: {@code {"ok":true,"data":...}} or {@code {"ok":false,"error":"..."}}.
 * Failures keep an HTTP 4xx/5xx status so generic clients still see them, but the body is the
 * envelope an agent's tool runner expects. This class only translates: what a tool does, accepts
 * and answers is the registry's.
 */
public final class ToolHttpService implements Resource {

    /** Writes tool data: the core's values in it (memories, facts, hits) appear as the REST views show them. */
    private static final Json TOOL_JSON = Json.withViews(ToolViews.MAPPING);

    private final ToolRegistry registry;
    private final GatewaySettings settings;

    public ToolHttpService(ToolRegistry registry, GatewaySettings settings) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public String path() {
        return "/v1/tools";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::list)
                .post("/{name}", this::call)
                .any("/{name}", this::notCalled);
    }

    private void list(ServerRequest req, ServerResponse res) {
        Responses.ok(res, ToolListView.of(registry));
    }

    private void call(ServerRequest req, ServerResponse res) {
        String name = req.path().pathParameters().get("name");
        Optional<ToolDefinition> tool = registry.find(name);
        if (tool.isEmpty()) {
            unknown(res, name);
            return;
        }
        ToolResult result;
        try {
            Tenant tenant = Requests.tenant(req);
            JsonBody arguments = Requests.json(req, settings.maxBodyBytes());
            result = tool.get().call(new ToolCall(tenant, Actors.of(req)), JsonTree.toNode(arguments.raw()));
        } catch (InvalidInputException e) {
            result = new ToolResult.Failed(e);
        } catch (HttpProblemException e) {
            envelope(res, e.problem().status(), new Refusal(false, e.getMessage(),
                    Optional.ofNullable(e.problem().extensions().get("field")).map(String::valueOf), Optional.empty()));
            return;
        }
        switch (result) {
            case ToolResult.Ok ok -> envelope(res, Status.OK_200, new Answer(true, ok.data()));
            case ToolResult.Failed failed -> {
                if (failed.error() instanceof UnavailableException unavailable) {
                    Problem.hintRetry(res, unavailable);
                }
                envelope(res, Problem.statusOf(failed.error()), refusal(failed.error()));
            }
        }
    }

    /** Not a tool call: a tool name nobody knows (404), or a known tool asked with a method other than POST (405). */
    private void notCalled(ServerRequest req, ServerResponse res) {
        String name = req.path().pathParameters().get("name");
        if (registry.find(name).isEmpty()) {
            unknown(res, name);
            return;
        }
        res.header(HeaderNames.ALLOW, "POST");
        envelope(res, Status.METHOD_NOT_ALLOWED_405, new Refusal(false,
                "tool '" + name + "' is called with POST and its arguments as a JSON body", Optional.empty(),
                Optional.empty()));
    }

    private void unknown(ServerResponse res, String name) {
        envelope(res, Status.NOT_FOUND_404, new Refusal(false, "unknown tool '" + name + "' (known: "
                + String.join(", ", registry.names()) + ")", Optional.empty(), Optional.empty()));
    }

    /** A refusal names the field to fix, or carries the details a conflict comes with (the current entry). */
    private static Refusal refusal(DomainException e) {
        Optional<String> field = e instanceof InvalidInputException invalid ? Optional.of(invalid.field())
                : Optional.empty();
        Optional<Map<String, Object>> details = e instanceof ConflictException conflict
                && !conflict.details().isEmpty() ? Optional.of(conflict.details()) : Optional.empty();
        return new Refusal(false, e.getMessage(), field, details);
    }

    private static void envelope(ServerResponse res, Status status, Object body) {
        res.status(status);
        res.header(HeaderNames.CONTENT_TYPE, Responses.JSON);
        res.send(TOOL_JSON.bytes(body));
    }

    /**
     * One path per tool in the OpenAPI document, generated from the registry so the document cannot
     * drift from the tools: the tool's description and its argument schema as the request body.
     */
    @Override
    public Map<String, JsonObject> generatedOpenApiPaths() {
        Map<String, JsonObject> paths = new LinkedHashMap<>();
        for (ToolDefinition tool : registry.tools()) {
            paths.put(path() + "/" + tool.name(), ToolListView.openApiPath(tool));
        }
        return paths;
    }

    /** {@code {"ok":true,"data":...}}. */
    private record Answer(boolean ok, Object data) {
    }

    /** {@code {"ok":false,"error":"...","field":"..."}}, with {@code details} on a conflict. */
    private record Refusal(boolean ok, String error, Optional<String> field, Optional<Map<String, Object>> details) {
    }
}
