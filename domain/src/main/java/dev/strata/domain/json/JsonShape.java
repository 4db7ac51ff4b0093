package dev.strata.domain.json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The expected shape of structured model output: a small, checkable subset of JSON Schema
 * (objects with required and optional fields, strings with optional allowed values, numbers,
 * integers, booleans, arrays). Adapters render it for the provider; {@link #violations} checks
 * a reply against it, so the shape is validated the same way whatever the provider promised.
 *
 * <p>Fields a reply adds beyond the shape are ignored: they cannot break a caller that reads
 * only what it asked for.
 */
public sealed interface JsonShape {

    /** Every way {@code value} departs from this shape, as {@code $.path: problem}; empty when it fits. */
    default List<String> violations(JsonNode value) {
        List<String> problems = new ArrayList<>();
        check(this, value, "$", problems);
        return List.copyOf(problems);
    }

    static ObjectShape object(Field... fields) {
        return new ObjectShape(List.of(fields));
    }

    static StringShape string() {
        return new StringShape(List.of());
    }

    static StringShape oneOf(String... allowed) {
        return new StringShape(List.of(allowed));
    }

    static NumberShape number() {
        return new NumberShape(false);
    }

    static NumberShape integer() {
        return new NumberShape(true);
    }

    static BooleanShape bool() {
        return new BooleanShape();
    }

    static ArrayShape arrayOf(JsonShape items) {
        return new ArrayShape(items);
    }

    record Field(String name, JsonShape shape, boolean required, Optional<String> description) {
        public Field {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(shape, "shape");
            Objects.requireNonNull(description, "description");
            if (name.isBlank()) {
                throw new IllegalArgumentException("field name must not be blank");
            }
        }

        public static Field required(String name, JsonShape shape) {
            return new Field(name, shape, true, Optional.empty());
        }

        public static Field optional(String name, JsonShape shape) {
            return new Field(name, shape, false, Optional.empty());
        }

        /** The same field with a description the model sees in the schema. */
        public Field describedAs(String text) {
            return new Field(name, shape, required, Optional.of(text));
        }
    }

    record ObjectShape(List<Field> fields) implements JsonShape {
        public ObjectShape {
            fields = List.copyOf(fields);
            var names = new HashSet<String>();
            for (Field field : fields) {
                if (!names.add(field.name())) {
                    throw new IllegalArgumentException("duplicate field: " + field.name());
                }
            }
        }

        /** True when this object and every nested one require all their fields (OpenAI's strict mode needs that). */
        public boolean requiresAllFieldsDeeply() {
            return fields.stream().allMatch(f -> f.required() && requiresAllFieldsDeeply(f.shape()));
        }

        private static boolean requiresAllFieldsDeeply(JsonShape shape) {
            return switch (shape) {
                case ObjectShape object -> object.requiresAllFieldsDeeply();
                case ArrayShape array -> requiresAllFieldsDeeply(array.items());
                default -> true;
            };
        }
    }

    record StringShape(List<String> allowed) implements JsonShape {
        public StringShape {
            allowed = List.copyOf(allowed);
        }
    }

    record NumberShape(boolean integerOnly) implements JsonShape {
    }

    record BooleanShape() implements JsonShape {
    }

    record ArrayShape(JsonShape items) implements JsonShape {
        public ArrayShape {
            Objects.requireNonNull(items, "items");
        }
    }

    private static void check(JsonShape shape, JsonNode value, String path, List<String> problems) {
        switch (shape) {
            case ObjectShape object -> {
                if (value instanceof JsonNode.ObjectNode node) {
                    for (Field field : object.fields()) {
                        String fieldPath = path + "." + field.name();
                        Optional<JsonNode> present = node.get(field.name());
                        if (present.isPresent()) {
                            check(field.shape(), present.get(), fieldPath, problems);
                        } else if (field.required()) {
                            problems.add(fieldPath + ": required field is missing");
                        }
                    }
                } else {
                    problems.add(mismatch(path, "object", value));
                }
            }
            case ArrayShape array -> {
                if (value instanceof JsonNode.ArrayNode node) {
                    for (int i = 0; i < node.items().size(); i++) {
                        check(array.items(), node.items().get(i), path + "[" + i + "]", problems);
                    }
                } else {
                    problems.add(mismatch(path, "array", value));
                }
            }
            case StringShape string -> {
                if (!(value instanceof JsonNode.TextNode text)) {
                    problems.add(mismatch(path, "string", value));
                } else if (!string.allowed().isEmpty() && !string.allowed().contains(text.value())) {
                    problems.add(path + ": expected one of " + string.allowed() + ", got \"" + text.value() + "\"");
                }
            }
            case NumberShape number -> {
                if (!(value instanceof JsonNode.NumberNode numeric)) {
                    problems.add(mismatch(path, number.integerOnly() ? "integer" : "number", value));
                } else if (number.integerOnly() && !isIntegral(numeric.value())) {
                    problems.add(path + ": expected integer, got " + numeric.value().toPlainString());
                }
            }
            case BooleanShape ignored -> {
                if (!(value instanceof JsonNode.BooleanNode)) {
                    problems.add(mismatch(path, "boolean", value));
                }
            }
        }
    }

    private static boolean isIntegral(BigDecimal number) {
        return number.signum() == 0 || number.stripTrailingZeros().scale() <= 0;
    }

    private static String mismatch(String path, String expected, JsonNode actual) {
        return path + ": expected " + expected + ", got " + actual.typeName();
    }
}
