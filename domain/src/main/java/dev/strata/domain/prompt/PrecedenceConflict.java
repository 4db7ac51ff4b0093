package dev.strata.domain.prompt;

import java.util.Objects;

/**
 * A derived layer contradicts what the user wrote in the workspace, on the same key.
 *
 * @param authoritative the workspace statement (USER.md or MEMORY.md), which wins
 * @param inferred      the derived value, kept as evidence only
 */
public record PrecedenceConflict(StatedValue authoritative, StatedValue inferred) {

    public PrecedenceConflict {
        Objects.requireNonNull(authoritative, "authoritative");
        Objects.requireNonNull(inferred, "inferred");
        if (!authoritative.key().equals(inferred.key())) {
            throw new IllegalArgumentException("a conflict is about one key");
        }
    }

    public String key() {
        return authoritative.key();
    }
}
