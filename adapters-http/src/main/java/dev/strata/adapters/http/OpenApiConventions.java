package dev.strata.adapters.http;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;

import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What every operation of the gateway has in common, added to the OpenAPI document by the gateway that
 * causes it rather than written by hand on each route (so a new route is documented the same way):
 * <ul>
 * <li>{@code servers}, the security schemes (a Bearer key or {@code X-Strata-Key}; optional when the
 *     server runs without authentication) and, on every operation but health, 401 and 403;</li>
 * <li>an {@code operationId} where the file gives none ({@code GET /v1/memory/{id}} is {@code getMemoryById});</li>
 * <li>the statuses the gateway itself answers: 400 (identity headers, path parameters), 414 (request line
 *     too long), 503 (storage or model unavailable, with {@code Retry-After} when the server can tell when a
 *     retry may work); 413 and 415 where there is a body; on writes the
 *     {@code Idempotency-Key} header, its 409 and the {@code Idempotent-Replayed} header of a replay.</li>
 * </ul>
 * A status an operation already documents keeps its own description.
 */
final class OpenApiConventions {

    private static final JsonProvider JSON = JsonProvider.provider();
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
    private static final Set<String> WRITES = Set.of("put", "post", "delete", "patch");
    private static final JsonObject PROBLEM = ref("responses", "Problem");
    /** A problem with the {@code Retry-After} header a 503 may carry. */
    private static final JsonObject UNAVAILABLE = ref("responses", "Unavailable");
    /** On the tools' paths a failure is the tool's envelope or, from the gateway itself, a problem. */
    private static final JsonObject TOOL_FAILURE = ref("responses", "ToolFailure");

    private OpenApiConventions() {
    }

    static JsonObject apply(JsonObject document) {
        JsonObjectBuilder paths = JSON.createObjectBuilder();
        Set<String> operationIds = new HashSet<>();
        document.getJsonObject("paths").forEach((path, item) -> {
            JsonObjectBuilder pathItem = JSON.createObjectBuilder();
            item.asJsonObject().forEach((method, operation) -> pathItem.add(method, METHODS.contains(method)
                    ? operation(path, method, operation.asJsonObject(), operationIds)
                    : operation));
            paths.add(path, pathItem);
        });
        JsonObjectBuilder components = JSON.createObjectBuilder(document.getJsonObject("components"))
                .add("securitySchemes", JSON.createObjectBuilder()
                        .add("bearer", JSON.createObjectBuilder().add("type", "http").add("scheme", "bearer")
                                .add("description", "An API key (strata keys create) as 'Authorization: Bearer <key>'."))
                        .add("apiKey", JSON.createObjectBuilder().add("type", "apiKey").add("in", "header")
                                .add("name", "X-Strata-Key").add("description", "The same API key in X-Strata-Key.")));
        JsonObjectBuilder parameters = JSON.createObjectBuilder(document.getJsonObject("components")
                .getJsonObject("parameters"))
                .add("IdempotencyKey", JSON.createObjectBuilder().add("name", "Idempotency-Key").add("in", "header")
                        .add("required", false)
                        .add("description", "Names this write: a retry with the same key and request within 24 hours "
                                + "answers the first answer (with Idempotent-Replayed: true) and writes nothing; the "
                                + "same key with another request is a 409. Per tenant.")
                        .add("schema", JSON.createObjectBuilder().add("type", "string").add("minLength", 1)
                                .add("maxLength", 255).add("pattern", "^[!-~]+$")));
        components.add("parameters", parameters);
        return JSON.createObjectBuilder(document)
                .add("servers", JSON.createArrayBuilder().add(JSON.createObjectBuilder()
                        .add("url", "http://127.0.0.1:8420").add("description", "The default local server")))
                .add("security", JSON.createArrayBuilder()
                        .add(JSON.createObjectBuilder().add("bearer", JSON.createArrayBuilder()))
                        .add(JSON.createObjectBuilder().add("apiKey", JSON.createArrayBuilder())))
                .add("paths", paths)
                .add("components", components)
                .build();
    }

    private static JsonObject operation(String path, String method, JsonObject operation, Set<String> operationIds) {
        JsonObjectBuilder out = JSON.createObjectBuilder(operation);
        String id = operation.containsKey("operationId") ? operation.getString("operationId") : operationId(method, path);
        if (!operationIds.add(id)) {
            throw new IllegalStateException("two operations of the OpenAPI document are named " + id);
        }
        out.add("operationId", id);
        boolean health = path.startsWith("/observe/health");
        boolean write = WRITES.contains(method) && path.startsWith("/v1/");
        boolean body = operation.containsKey("requestBody");
        JsonObject problem = path.startsWith("/v1/tools/") ? TOOL_FAILURE : OpenApiConventions.PROBLEM;
        JsonObjectBuilder responses = JSON.createObjectBuilder(operation.getJsonObject("responses"));
        Map<String, JsonValue> documented = operation.getJsonObject("responses");
        addIfAbsent(responses, documented, "400", problem);
        addIfAbsent(responses, documented, "414", problem);
        addIfAbsent(responses, documented, "503", health ? documented.getOrDefault("503", problem)
                : problem == PROBLEM ? UNAVAILABLE : problem);
        if (health) {
            out.add("security", JSON.createArrayBuilder());
        } else {
            addIfAbsent(responses, documented, "401", problem);
            addIfAbsent(responses, documented, "403", problem);
        }
        if (body) {
            addIfAbsent(responses, documented, "413", problem);
            addIfAbsent(responses, documented, "415", problem);
        }
        if (write) {
            addIfAbsent(responses, documented, "409", problem);
            out.add("parameters", JSON.createArrayBuilder(operation.containsKey("parameters")
                    ? operation.getJsonArray("parameters") : JsonValue.EMPTY_JSON_ARRAY)
                    .add(ref("parameters", "IdempotencyKey")));
            replayHeaderOnSuccess(responses, operation.getJsonObject("responses"));
        }
        out.add("responses", responses);
        return out.build();
    }

    /** The success answers of a write say that a replay carries {@code Idempotent-Replayed: true}. */
    private static void replayHeaderOnSuccess(JsonObjectBuilder responses, JsonObject documented) {
        documented.forEach((status, response) -> {
            if (status.startsWith("2") && !response.asJsonObject().containsKey("$ref")) {
                JsonObject headers = response.asJsonObject().containsKey("headers")
                        ? response.asJsonObject().getJsonObject("headers") : JsonValue.EMPTY_JSON_OBJECT;
                responses.add(status, JSON.createObjectBuilder(response.asJsonObject()).add("headers",
                        JSON.createObjectBuilder(headers).add("Idempotent-Replayed", JSON.createObjectBuilder()
                                .add("description", "true when this is the kept answer of an earlier request with "
                                        + "the same Idempotency-Key")
                                .add("schema", JSON.createObjectBuilder().add("type", "string")
                                        .add("enum", JSON.createArrayBuilder().add("true"))))));
            }
        });
    }

    private static void addIfAbsent(JsonObjectBuilder responses, Map<String, JsonValue> documented, String status,
                                    JsonValue response) {
        if (!documented.containsKey(status)) {
            responses.add(status, response);
        }
    }

    /** {@code post /v1/memory/{id}/restore} is {@code postMemoryByIdRestore}. */
    static String operationId(String method, String path) {
        StringBuilder id = new StringBuilder(method.toLowerCase(Locale.ROOT));
        for (String segment : path.split("/")) {
            if (segment.isEmpty() || segment.equals("v1")) {
                continue;
            }
            if (segment.startsWith("{") && segment.endsWith("}")) {
                id.append("By").append(camel(segment.substring(1, segment.length() - 1)));
            } else {
                id.append(camel(segment));
            }
        }
        return id.toString();
    }

    private static String camel(String text) {
        StringBuilder out = new StringBuilder();
        for (String word : text.split("[_\\-.]")) {
            if (!word.isEmpty()) {
                out.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
            }
        }
        return out.toString();
    }

    private static JsonObject ref(String kind, String name) {
        return JSON.createObjectBuilder().add("$ref", "#/components/" + kind + "/" + name).build();
    }


}
