package dev.strata.adapters.http.support;

import dev.strata.domain.json.JsonNode;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Between JSON-P values, which the gateway parses and writes, and the core's framework-free
 * {@link JsonNode} tree, in which tools take their arguments and describe their schemas.
 */
public final class JsonTree {

    /** Looked up once: {@code Json.create...} would scan the class path for a provider on every call. */
    private static final JsonProvider JSON = JsonProvider.provider();

    private JsonTree() {
    }

    public static JsonNode toNode(JsonValue value) {
        return switch (value.getValueType()) {
            case OBJECT -> {
                Map<String, JsonNode> fields = new LinkedHashMap<>();
                value.asJsonObject().forEach((name, field) -> fields.put(name, toNode(field)));
                yield new JsonNode.ObjectNode(fields);
            }
            case ARRAY -> new JsonNode.ArrayNode(((JsonArray) value).stream().map(JsonTree::toNode).toList());
            case STRING -> new JsonNode.TextNode(((JsonString) value).getString());
            case NUMBER -> new JsonNode.NumberNode(((JsonNumber) value).bigDecimalValue());
            case TRUE -> new JsonNode.BooleanNode(true);
            case FALSE -> new JsonNode.BooleanNode(false);
            case NULL -> JsonNode.NullNode.INSTANCE;
        };
    }

    public static JsonValue toJson(JsonNode node) {
        return switch (node) {
            case JsonNode.ObjectNode object -> {
                JsonObjectBuilder builder = JSON.createObjectBuilder();
                object.fields().forEach((name, field) -> builder.add(name, toJson(field)));
                yield builder.build();
            }
            case JsonNode.ArrayNode array -> {
                JsonArrayBuilder builder = JSON.createArrayBuilder();
                array.items().forEach(item -> builder.add(toJson(item)));
                yield builder.build();
            }
            case JsonNode.TextNode text -> JSON.createValue(text.value());
            case JsonNode.NumberNode number -> JSON.createValue(number.value());
            case JsonNode.BooleanNode bool -> bool.value() ? JsonValue.TRUE : JsonValue.FALSE;
            case JsonNode.NullNode ignored -> JsonValue.NULL;
        };
    }

    /** The object form, for callers that know the node is one. */
    public static JsonObject toJsonObject(JsonNode.ObjectNode node) {
        return toJson(node).asJsonObject();
    }
}
