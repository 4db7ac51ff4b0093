package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

/**
 * Free-form metadata of a memory, kept as the JSON object text the caller sent. The core never
 * interprets it (that would tie the domain to a JSON library); the gateway checks that it is a
 * JSON object before it gets here, and the store keeps it verbatim.
 */
public record Metadata(String json) {

    public static final Metadata EMPTY = new Metadata("{}");

    public Metadata {
        if (json == null) {
            throw new InvalidInputException("metadata", "must not be null; use Metadata.EMPTY");
        }
        String t = json.strip();
        if (!t.startsWith("{") || !t.endsWith("}")) {
            throw new InvalidInputException("metadata", "must be a JSON object");
        }
        json = t;
    }

    public boolean isEmpty() {
        return json.equals("{}") || json.replaceAll("\\s", "").equals("{}");
    }
}
