package dev.strata.domain.memory;

import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.error.InvalidInputException;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A partial update: absent parts stay as they are. At least one part must be present. New content
 * comes with the edges it implies, which replace the edges the old content implied; a change that
 * keeps the content carries no edges. {@code occurredAt} corrects the event time.
 */
public record MemoryChange(Optional<String> content, Optional<Metadata> metadata, List<MemoryEdge> edges,
                           Optional<Instant> occurredAt) {

    public MemoryChange {
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(occurredAt, "occurredAt");
        if (content.isEmpty() && metadata.isEmpty() && occurredAt.isEmpty()) {
            throw new InvalidInputException("body", "must change content, metadata or occurred_at");
        }
        content = content.map(Content::check);
        edges = List.copyOf(edges);
        if (content.isEmpty() && !edges.isEmpty()) {
            throw new IllegalArgumentException("edges come with new content only");
        }
    }

    /** A change of content or metadata as a client asks for it, before the application derives the edges. */
    public MemoryChange(Optional<String> content, Optional<Metadata> metadata) {
        this(content, metadata, List.of(), Optional.empty());
    }

    /** A change as a client asks for it, event time included. */
    public MemoryChange(Optional<String> content, Optional<Metadata> metadata, Optional<Instant> occurredAt) {
        this(content, metadata, List.of(), occurredAt);
    }

    public MemoryChange(Optional<String> content, Optional<Metadata> metadata, List<MemoryEdge> edges) {
        this(content, metadata, edges, Optional.empty());
    }

    /** The same change carrying the edges of its new content. */
    public MemoryChange withEdges(List<MemoryEdge> edges) {
        return new MemoryChange(content, metadata, edges, occurredAt);
    }
}
