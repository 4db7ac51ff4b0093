package dev.strata.adapters.http.tool;

import dev.strata.adapters.http.support.JsonTree;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.tool.ToolRegistry;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.util.List;

/**
 * {@code GET /v1/tools}: every tool in the shape agent frameworks load. {@code input_schema}
 * (Anthropic) and {@code parameters} (OpenAI function calling) are the same JSON Schema, so either
 * client takes the list as it is.
 */
record ToolListView(List<ToolView> tools) {

    static ToolListView of(ToolRegistry registry) {
        return new ToolListView(registry.tools().stream().map(ToolView::of).toList());
    }

    record ToolView(String name, String description, JsonObject inputSchema, JsonObject parameters) {
        static ToolView of(ToolDefinition tool) {
            JsonObject schema = JsonTree.toJsonObject(tool.input().toJson());
            return new ToolView(tool.name(), tool.description(), schema, schema);
        }
    }

    /** The OpenAPI path item of one tool: {@code POST} with the tool's schema as the request body. */
    static JsonObject openApiPath(ToolDefinition tool) {
        return Json.createObjectBuilder().add("post", Json.createObjectBuilder()
                        .add("summary", "Agent tool " + tool.name())
                        .add("description", tool.description())
                        .add("tags", Json.createArrayBuilder().add("tools"))
                        .add("parameters", Json.createArrayBuilder()
                                .add(Json.createObjectBuilder().add("$ref", "#/components/parameters/Tenant"))
                                .add(Json.createObjectBuilder().add("$ref", "#/components/parameters/Actor")))
                        .add("requestBody", Json.createObjectBuilder()
                                .add("required", true)
                                .add("content", Json.createObjectBuilder().add("application/json",
                                        Json.createObjectBuilder().add("schema",
                                                JsonTree.toJsonObject(tool.input().toJson())))))
                        .add("responses", Json.createObjectBuilder()
                                .add("200", Json.createObjectBuilder().add("$ref", "#/components/responses/Tool"))
                                .add("default", Json.createObjectBuilder()
                                        .add("$ref", "#/components/responses/ToolFailure"))))
                .build();
    }
}
