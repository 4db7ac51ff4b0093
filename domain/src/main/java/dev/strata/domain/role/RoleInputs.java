package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

/**
 * What a role saw when it decided, as the JSON object text the caller sent. Like memory metadata,
 * the core never interprets it (that would tie the domain to a JSON library): the gateway checks it
 * is a JSON object, the store keeps it verbatim, and the reflector shows it to the model as data.
 */
public record RoleInputs(String json) {

    public static final int MAX_CHARS = 16_384;
    public static final RoleInputs EMPTY = new RoleInputs("{}");

    public RoleInputs {
        if (json == null) {
            throw new InvalidInputException("inputs", "must not be null; use RoleInputs.EMPTY");
        }
        String t = json.strip();
        if (!t.startsWith("{") || !t.endsWith("}")) {
            throw new InvalidInputException("inputs", "must be a JSON object");
        }
        if (t.length() > MAX_CHARS) {
            throw new InvalidInputException("inputs", "must be at most " + MAX_CHARS + " characters");
        }
        json = t;
    }
}
