package dev.strata.application.memory;

import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/** Command: write one memory. {@code category} is raw user input; aliases resolve in the service. */
public record WriteMemory(Tenant tenant, String category, String content, Metadata metadata, Source source) {

    public WriteMemory {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(source, "source");
    }
}
