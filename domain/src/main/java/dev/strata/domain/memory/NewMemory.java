package dev.strata.domain.memory;

import dev.strata.domain.graph.MemoryEdge;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A memory about to be written: everything but the identity and timestamps the store assigns, and
 * the typed edges its content implies. The application derives the edges (with the domain's
 * {@link dev.strata.domain.graph.EdgeExtractor}); the store writes them with the row, as given,
 * and records {@code updatedBy} as the row's {@code updated_by}. {@code occurredAt} is the event
 * time the writer stated; without one the store records the write time.
 */
public record NewMemory(Tenant tenant, Category category, String content, Metadata metadata, Source source,
                        Optional<MemoryKey> key, List<MemoryEdge> edges, Actor updatedBy,
                        Optional<Instant> occurredAt) {

    public NewMemory {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(key, "key");
        content = Content.check(content);
        edges = List.copyOf(edges);
        Objects.requireNonNull(updatedBy, "updatedBy");
        Objects.requireNonNull(occurredAt, "occurredAt");
    }

    /** A memory without a stated event time. */
    public NewMemory(Tenant tenant, Category category, String content, Metadata metadata, Source source,
                     Optional<MemoryKey> key, List<MemoryEdge> edges, Actor updatedBy) {
        this(tenant, category, content, metadata, source, key, edges, updatedBy, Optional.empty());
    }

    /** A memory whose writer is not named (store tests and fixtures; the memory service always names it). */
    public NewMemory(Tenant tenant, Category category, String content, Metadata metadata, Source source,
                     Optional<MemoryKey> key, List<MemoryEdge> edges) {
        this(tenant, category, content, metadata, source, key, edges, Actor.UNKNOWN);
    }

    /** A memory without edges (its content names no finance entity, or the caller stores none). */
    public NewMemory(Tenant tenant, Category category, String content, Metadata metadata, Source source,
                     Optional<MemoryKey> key) {
        this(tenant, category, content, metadata, source, key, List.of());
    }

    /** An unkeyed memory (spec 01's shape) without edges. */
    public NewMemory(Tenant tenant, Category category, String content, Metadata metadata, Source source) {
        this(tenant, category, content, metadata, source, Optional.empty());
    }

    /** The same memory carrying these edges. */
    public NewMemory withEdges(List<MemoryEdge> edges) {
        return new NewMemory(tenant, category, content, metadata, source, key, edges, updatedBy, occurredAt);
    }

    /** The same memory written by this actor. */
    public NewMemory withUpdatedBy(Actor actor) {
        return new NewMemory(tenant, category, content, metadata, source, key, edges, actor, occurredAt);
    }

    /** The same memory with this event time (empty: the write time). */
    public NewMemory withOccurredAt(Optional<Instant> at) {
        return new NewMemory(tenant, category, content, metadata, source, key, edges, updatedBy, at);
    }
}
