package dev.strata.application.tool;

import dev.strata.domain.error.DomainException;

import java.util.Objects;

/**
 * The outcome of one tool call, for a front end to translate: over REST the envelope
 * {@code {"ok":true,"data":...}} or {@code {"ok":false,"error":...}} with the failure's status,
 * over MCP a result or an error result.
 */
public sealed interface ToolResult {

    /** The tool ran; {@code data} is what {@link ToolHandler#handle} returned. */
    record Ok(Object data) implements ToolResult {
        public Ok {
            Objects.requireNonNull(data, "data");
        }
    }

    /** The call was refused or failed in a way the caller can act on (bad input, not found, conflict...). */
    record Failed(DomainException error) implements ToolResult {
        public Failed {
            Objects.requireNonNull(error, "error");
        }
    }
}
