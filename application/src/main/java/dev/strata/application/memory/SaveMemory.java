package dev.strata.application.memory;

import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Command: spec 02's {@code memory_save}. {@code type} is raw input (aliases allowed); without one a
 * first entry is a {@code context} and a superseding entry keeps the type of the entry it replaces
 * (spec 02: the system never changes types). {@code supersedeReason} is required when the key
 * already has an active entry. {@code source} is the claimed provenance, checked by the origin.
 * {@code occurredAt} is the event time the writer states (see {@link WriteMemory}).
 */
public record SaveMemory(Tenant tenant, String key, String content, Optional<String> type,
                         Optional<String> supersedeReason, Metadata metadata, Optional<Source> source,
                         WriteOrigin origin, Optional<Instant> occurredAt) {

    public SaveMemory {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(supersedeReason, "supersedeReason");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(occurredAt, "occurredAt");
    }

    /** A save that states no event time. */
    public SaveMemory(Tenant tenant, String key, String content, Optional<String> type,
                      Optional<String> supersedeReason, Metadata metadata, Optional<Source> source,
                      WriteOrigin origin) {
        this(tenant, key, content, type, supersedeReason, metadata, source, origin, Optional.empty());
    }
}
