package dev.strata.domain.memory;

import java.util.Objects;
import java.util.Optional;

/** A memory about to be written: everything but the identity and timestamps the store assigns. */
public record NewMemory(Tenant tenant, Category category, String content, Metadata metadata, Source source,
                        Optional<MemoryKey> key) {

    public NewMemory {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(key, "key");
        content = Content.check(content);
    }

    /** An unkeyed memory (spec 01's shape). */
    public NewMemory(Tenant tenant, Category category, String content, Metadata metadata, Source source) {
        this(tenant, category, content, metadata, source, Optional.empty());
    }
}
