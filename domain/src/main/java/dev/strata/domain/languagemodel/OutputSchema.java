package dev.strata.domain.languagemodel;

import dev.strata.domain.json.JsonShape;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The JSON object a caller expects back. {@code name} is sent to the provider (OpenAI's
 * {@code json_schema.name}, Anthropic's tool name), so it follows their naming rule.
 */
public record OutputSchema(String name, JsonShape.ObjectShape shape) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    public OutputSchema {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(shape, "shape");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("schema name must match " + NAME.pattern() + ": " + name);
        }
    }
}
