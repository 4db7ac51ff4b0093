package dev.strata.adapters.llm.chat;

import dev.strata.domain.json.JsonNode;
import dev.strata.domain.json.JsonShape;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Translates between JSON-P values and the domain's {@link JsonNode} and {@link JsonShape}. */
final class JsonMapping {

    private JsonMapping() {
    }

    static JsonNode toNode(JsonValue value) {
        return switch (value.getValueType()) {
            case OBJECT -> toNode(value.asJsonObject());
            case ARRAY -> new JsonNode.ArrayNode(((JsonArray) value).stream().map(JsonMapping::toNode).toList());
            case STRING -> new JsonNode.TextNode(((JsonString) value).getString());
            case NUMBER -> new JsonNode.NumberNode(((JsonNumber) value).bigDecimalValue());
            case TRUE -> new JsonNode.BooleanNode(true);
            case FALSE -> new JsonNode.BooleanNode(false);
            case NULL -> JsonNode.NullNode.INSTANCE;
        };
    }

    static JsonNode.ObjectNode toNode(JsonObject object) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        object.forEach((name, value) -> fields.put(name, toNode(value)));
        return new JsonNode.ObjectNode(fields);
    }

    /** The JSON Schema of {@code shape}; objects forbid extra properties so strict providers accept it. */
    static JsonObject toSchema(JsonShape shape) {
        JsonObjectBuilder schema = JsonSupport.JSON.createObjectBuilder();
        switch (shape) {
            case JsonShape.ObjectShape object -> {
                JsonObjectBuilder properties = JsonSupport.JSON.createObjectBuilder();
                JsonArrayBuilder required = JsonSupport.JSON.createArrayBuilder();
                for (JsonShape.Field field : object.fields()) {
                    JsonObjectBuilder property = JsonSupport.JSON.createObjectBuilder(toSchema(field.shape()));
                    field.description().ifPresent(text -> property.add("description", text));
                    properties.add(field.name(), property);
                    if (field.required()) {
                        required.add(field.name());
                    }
                }
                schema.add("type", "object").add("properties", properties).add("required", required)
                        .add("additionalProperties", false);
            }
            case JsonShape.ArrayShape array -> schema.add("type", "array").add("items", toSchema(array.items()));
            case JsonShape.StringShape string -> {
                schema.add("type", "string");
                if (!string.allowed().isEmpty()) {
                    schema.add("enum", JsonSupport.JSON.createArrayBuilder(List.<Object>copyOf(string.allowed())));
                }
            }
            case JsonShape.NumberShape number -> schema.add("type", number.integerOnly() ? "integer" : "number");
            case JsonShape.BooleanShape ignored -> schema.add("type", "boolean");
        }
        return schema.build();
    }
}
