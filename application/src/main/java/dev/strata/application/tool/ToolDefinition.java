package dev.strata.application.tool;

import dev.strata.domain.error.DomainException;
import dev.strata.domain.json.JsonNode;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One agent tool, declared once for every front end: its name, what it does (the model reads
 * this to decide when to call it), the arguments it takes and the handler that carries the rules.
 */
public record ToolDefinition(String name, String description, ToolSchema input, ToolHandler handler) {

    /** snake_case, at most 64 characters: what Anthropic, OpenAI and MCP all accept as a tool name. */
    public static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");

    public ToolDefinition {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("tool name must match " + NAME + ": " + name);
        }
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("tool " + name + " needs a description: the model reads it");
        }
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(handler, "handler");
    }

    /**
     * Validates the arguments against {@link #input} and runs the handler. Domain failures come back
     * as {@link ToolResult.Failed}; anything else (a storage outage, a defect) propagates, for the
     * front end to report as it reports any unexpected failure.
     */
    public ToolResult call(ToolCall call, JsonNode arguments) {
        Objects.requireNonNull(call, "call");
        try {
            return new ToolResult.Ok(handler.handle(call, input.validate(arguments)));
        } catch (DomainException e) {
            return new ToolResult.Failed(e);
        }
    }
}
