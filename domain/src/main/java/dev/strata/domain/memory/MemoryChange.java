package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.util.Objects;
import java.util.Optional;

/** A partial update: absent parts stay as they are. At least one part must be present. */
public record MemoryChange(Optional<String> content, Optional<Metadata> metadata) {

    public MemoryChange {
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(metadata, "metadata");
        if (content.isEmpty() && metadata.isEmpty()) {
            throw new InvalidInputException("body", "must change content or metadata");
        }
        content = content.map(Content::check);
    }
}
