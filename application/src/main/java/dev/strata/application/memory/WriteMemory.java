package dev.strata.application.memory;

import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Command: write one memory. {@code category} is raw user input; aliases resolve in the service.
 * {@code source} is the provenance the caller claims (its origin's default when empty); the
 * {@code origin} decides whether it may claim it and names the actor. {@code occurredAt} is the
 * event time the writer states; without one, a date in the metadata or else the write time.
 */
public record WriteMemory(Tenant tenant, String category, String content, Metadata metadata, Optional<Source> source,
                          WriteOrigin origin, Optional<Instant> occurredAt) {

    public WriteMemory {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(occurredAt, "occurredAt");
    }

    /** A write that states no event time. */
    public WriteMemory(Tenant tenant, String category, String content, Metadata metadata, Optional<Source> source,
                       WriteOrigin origin) {
        this(tenant, category, content, metadata, source, origin, Optional.empty());
    }

    /** A write that claims no source: its origin's default. */
    public WriteMemory(Tenant tenant, String category, String content, Metadata metadata, WriteOrigin origin) {
        this(tenant, category, content, metadata, Optional.empty(), origin);
    }
}
