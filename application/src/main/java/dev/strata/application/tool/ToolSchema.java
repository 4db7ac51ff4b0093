package dev.strata.application.tool;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.json.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The arguments a tool takes: a flat JSON object of named, typed properties, each required or
 * optional and described for the model that calls the tool. It does two jobs with one declaration:
 * {@link #validate} checks a call's arguments (every refusal names the field), and {@link #toJson}
 * renders the same declaration as the JSON Schema agent frameworks load.
 *
 * <p>Deliberately small: the tools take strings, integers, booleans and free-form objects
 * (metadata), and nothing more is needed to describe them. Unknown properties are refused, so a
 * misspelt argument ("catgory") fails loudly instead of being ignored; a JSON {@code null} counts
 * as absent.
 */
public final class ToolSchema {

    /** The JSON types a property may have, with the refusal a value of another type gets. */
    public enum Type {
        STRING("string", "must be a string"),
        INTEGER("integer", "must be an integer"),
        BOOLEAN("boolean", "must be true or false"),
        OBJECT("object", "must be a JSON object"),
        /** Any JSON number, read exactly (prices, sizes): 0.1 stays 0.1. */
        NUMBER("number", "must be a number"),
        /** An array of integers (ids), at most {@link #MAX_LIST} of them; an element's error names its index. */
        INTEGER_LIST("array", "must be an array of integers");

        private final String jsonName;
        private final String refusal;

        Type(String jsonName, String refusal) {
            this.jsonName = jsonName;
            this.refusal = refusal;
        }

        public String jsonName() {
            return jsonName;
        }
    }

    /** Most elements an {@link Type#INTEGER_LIST} argument may hold, refused before any is read. */
    public static final int MAX_LIST = 1_000;

    /** One named argument. */
    public record Property(String name, Type type, boolean required, String description) {
        public Property {
            Objects.requireNonNull(type, "type");
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a property needs a name");
            }
            if (description == null || description.isBlank()) {
                throw new IllegalArgumentException("property " + name + " needs a description: the model reads it");
            }
        }
    }

    private final List<Property> properties;
    private final Map<String, Property> byName;

    private ToolSchema(List<Property> properties) {
        this.properties = List.copyOf(properties);
        Map<String, Property> names = new LinkedHashMap<>();
        for (Property p : this.properties) {
            if (names.put(p.name(), p) != null) {
                throw new IllegalArgumentException("duplicate property: " + p.name());
            }
        }
        this.byName = Map.copyOf(names);
    }

    /** A tool without arguments: only {@code {}} is accepted. */
    public static ToolSchema none() {
        return new ToolSchema(List.of());
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<Property> properties() {
        return properties;
    }

    Optional<Property> property(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /**
     * Checks {@code arguments} against the declaration and hands them over typed. Unknown
     * properties are refused first (in the order they arrive), then each declared property in
     * declaration order: missing when required, or of the wrong type.
     *
     * @throws InvalidInputException naming the offending field
     */
    public ToolArguments validate(JsonNode arguments) {
        if (!(arguments instanceof JsonNode.ObjectNode object)) {
            throw new InvalidInputException("arguments", "must be a JSON object");
        }
        for (String key : object.fields().keySet()) {
            if (!byName.containsKey(key)) {
                throw new InvalidInputException(key, "is not a known field (allowed: "
                        + String.join(", ", byName.keySet().stream().sorted().toList()) + ")");
            }
        }
        for (Property p : properties) {
            Optional<JsonNode> value = object.get(p.name());
            if (value.isEmpty()) {
                if (p.required()) {
                    throw new InvalidInputException(p.name(), "is required");
                }
                continue;
            }
            check(p, value.get());
        }
        return new ToolArguments(this, object);
    }

    private static void check(Property p, JsonNode value) {
        boolean fits = switch (p.type()) {
            case STRING -> value instanceof JsonNode.TextNode;
            // Written without a fraction or an exponent, as the REST endpoints require: 5 yes, 5.0 and 5e0 no.
            case INTEGER -> value instanceof JsonNode.NumberNode n && n.value().scale() == 0;
            case BOOLEAN -> value instanceof JsonNode.BooleanNode;
            case OBJECT -> value instanceof JsonNode.ObjectNode;
            case NUMBER -> value instanceof JsonNode.NumberNode;
            case INTEGER_LIST -> value instanceof JsonNode.ArrayNode;
        };
        if (!fits) {
            throw new InvalidInputException(p.name(), p.type().refusal);
        }
        if (p.type() == Type.INTEGER_LIST) {
            checkIntegers(p.name(), ((JsonNode.ArrayNode) value).items());
        }
        if (p.type() == Type.INTEGER) {
            try {
                ((JsonNode.NumberNode) value).value().intValueExact();
            } catch (ArithmeticException e) {
                throw new InvalidInputException(p.name(), "is out of range");
            }
        }
    }

    private static void checkIntegers(String name, List<JsonNode> items) {
        if (items.size() > MAX_LIST) {
            throw new InvalidInputException(name, "must have at most " + MAX_LIST + " elements");
        }
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof JsonNode.NumberNode n) || n.value().scale() != 0) {
                throw new InvalidInputException(name + "[" + i + "]", "must be an integer");
            }
            try {
                n.value().longValueExact();
            } catch (ArithmeticException e) {
                throw new InvalidInputException(name + "[" + i + "]", "is out of range");
            }
        }
    }

    /**
     * The JSON Schema of the arguments, as Anthropic's {@code input_schema}, OpenAI's
     * {@code parameters} and MCP's {@code inputSchema} take it.
     */
    public JsonNode.ObjectNode toJson() {
        Map<String, JsonNode> props = new LinkedHashMap<>();
        List<JsonNode> required = new ArrayList<>();
        for (Property p : properties) {
            Map<String, JsonNode> prop = new LinkedHashMap<>();
            prop.put("type", new JsonNode.TextNode(p.type().jsonName()));
            if (p.type() == Type.INTEGER_LIST) {
                prop.put("items", new JsonNode.ObjectNode(Map.of("type", new JsonNode.TextNode("integer"))));
            }
            prop.put("description", new JsonNode.TextNode(p.description()));
            props.put(p.name(), new JsonNode.ObjectNode(prop));
            if (p.required()) {
                required.add(new JsonNode.TextNode(p.name()));
            }
        }
        Map<String, JsonNode> schema = new LinkedHashMap<>();
        schema.put("type", new JsonNode.TextNode("object"));
        schema.put("properties", new JsonNode.ObjectNode(props));
        schema.put("required", new JsonNode.ArrayNode(required));
        schema.put("additionalProperties", new JsonNode.BooleanNode(false));
        return new JsonNode.ObjectNode(schema);
    }

    /** Declares properties in the order they are listed to the model and checked. */
    public static final class Builder {

        private final List<Property> properties = new ArrayList<>();

        private Builder() {
        }

        public Builder required(String name, Type type, String description) {
            return add(new Property(name, type, true, description));
        }

        public Builder optional(String name, Type type, String description) {
            return add(new Property(name, type, false, description));
        }

        private Builder add(Property property) {
            properties.add(property);
            return this;
        }

        public ToolSchema build() {
            return new ToolSchema(properties);
        }
    }
}
