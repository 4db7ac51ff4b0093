package dev.strata.application.tool;

import dev.strata.domain.memory.Metadata;
import dev.strata.domain.json.JsonNode;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * A tool call's arguments after {@link ToolSchema#validate}: every value already has its declared
 * type, so the accessors only read. Reading a property the schema does not declare is a
 * programming error (the handler and its schema disagree), not bad input.
 */
public final class ToolArguments {

    private final ToolSchema schema;
    private final JsonNode.ObjectNode values;

    ToolArguments(ToolSchema schema, JsonNode.ObjectNode values) {
        this.schema = schema;
        this.values = values;
    }

    /** Whether the argument was given (a JSON {@code null} counts as not given). */
    public boolean has(String name) {
        return value(name).isPresent();
    }

    /** A required string argument. */
    public String text(String name) {
        return optionalText(name).orElseThrow(() -> new IllegalStateException(name + " is not a required argument"));
    }

    public Optional<String> optionalText(String name) {
        return value(name).map(v -> ((JsonNode.TextNode) v).value());
    }

    public Optional<Integer> optionalInt(String name) {
        return value(name).map(v -> ((JsonNode.NumberNode) v).value().intValueExact());
    }

    public Optional<Boolean> optionalBoolean(String name) {
        return value(name).map(v -> ((JsonNode.BooleanNode) v).value());
    }

    /** A required number argument, exactly as written. */
    public BigDecimal decimal(String name) {
        return optionalDecimal(name).orElseThrow(() -> new IllegalStateException(name + " is not a required argument"));
    }

    public Optional<BigDecimal> optionalDecimal(String name) {
        return value(name).map(v -> ((JsonNode.NumberNode) v).value());
    }

    /** An integer-list argument; empty when it was not given. */
    public List<Long> integers(String name) {
        return value(name).map(v -> ((JsonNode.ArrayNode) v).items().stream()
                .map(item -> ((JsonNode.NumberNode) item).value().longValueExact()).toList()).orElse(List.of());
    }

    /** An object argument as memory metadata: its JSON text, kept as the caller wrote it. */
    public Optional<Metadata> optionalMetadata(String name) {
        return value(name).map(v -> new Metadata(JsonText.write(v)));
    }

    private Optional<JsonNode> value(String name) {
        if (schema.property(name).isEmpty()) {
            throw new IllegalArgumentException("the tool's schema declares no argument '" + name + "'");
        }
        return values.get(name);
    }
}
