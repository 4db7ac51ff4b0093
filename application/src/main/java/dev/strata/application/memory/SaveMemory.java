package dev.strata.application.memory;

import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;
import java.util.Optional;

/**
 * Command: spec 02's {@code memory_save}. {@code type} is raw input (aliases allowed, default
 * context); {@code supersedeReason} is required when the key already has an active entry.
 */
public record SaveMemory(Tenant tenant, String key, String content, Optional<String> type,
                         Optional<String> supersedeReason, Metadata metadata, Source source) {

    public SaveMemory {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(supersedeReason, "supersedeReason");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(source, "source");
    }
}
