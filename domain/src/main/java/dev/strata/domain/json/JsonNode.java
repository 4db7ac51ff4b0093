package dev.strata.domain.json;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A parsed JSON value, so the core can read structured model output without a JSON library.
 * Accessors on {@link ObjectNode} fail loudly on a missing or mistyped field: a validated
 * reply has the fields its schema requires, so a failure there is a programming error.
 */
public sealed interface JsonNode {

    /** The JSON type name used in validation messages. */
    String typeName();

    record ObjectNode(Map<String, JsonNode> fields) implements JsonNode {
        public ObjectNode {
            fields = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(fields, "fields")));
            fields.forEach((name, value) -> Objects.requireNonNull(value, () -> "value of " + name));
        }

        @Override
        public String typeName() {
            return "object";
        }

        /** The field's value; a JSON {@code null} counts as absent. */
        public Optional<JsonNode> get(String name) {
            JsonNode value = fields.get(name);
            return value == null || value instanceof NullNode ? Optional.empty() : Optional.of(value);
        }

        public String text(String name) {
            return optionalText(name).orElseThrow(() -> missing(name, "string"));
        }

        public Optional<String> optionalText(String name) {
            return get(name).map(value -> as(name, value, TextNode.class).value());
        }

        public BigDecimal number(String name) {
            return get(name).map(value -> as(name, value, NumberNode.class).value())
                    .orElseThrow(() -> missing(name, "number"));
        }

        public boolean bool(String name) {
            return get(name).map(value -> as(name, value, BooleanNode.class).value())
                    .orElseThrow(() -> missing(name, "boolean"));
        }

        public ObjectNode object(String name) {
            return get(name).map(value -> as(name, value, ObjectNode.class))
                    .orElseThrow(() -> missing(name, "object"));
        }

        /** The array's items; an absent optional array reads as empty. */
        public List<JsonNode> array(String name) {
            return get(name).map(value -> as(name, value, ArrayNode.class).items()).orElse(List.of());
        }

        private static <T extends JsonNode> T as(String name, JsonNode value, Class<T> type) {
            if (!type.isInstance(value)) {
                throw new IllegalStateException("field '" + name + "' is a " + value.typeName());
            }
            return type.cast(value);
        }

        private static IllegalStateException missing(String name, String type) {
            return new IllegalStateException("no " + type + " field '" + name + "'");
        }
    }

    record ArrayNode(List<JsonNode> items) implements JsonNode {
        public ArrayNode {
            items = List.copyOf(items);
        }

        @Override
        public String typeName() {
            return "array";
        }
    }

    record TextNode(String value) implements JsonNode {
        public TextNode {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String typeName() {
            return "string";
        }
    }

    record NumberNode(BigDecimal value) implements JsonNode {
        public NumberNode {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String typeName() {
            return "number";
        }
    }

    record BooleanNode(boolean value) implements JsonNode {
        @Override
        public String typeName() {
            return "boolean";
        }
    }

    enum NullNode implements JsonNode {
        INSTANCE;

        @Override
        public String typeName() {
            return "null";
        }
    }
}
