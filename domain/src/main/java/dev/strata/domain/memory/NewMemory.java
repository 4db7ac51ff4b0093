package dev.strata.domain.memory;

import java.util.Objects;

/** A memory about to be written: everything but the identity and timestamps the store assigns. */
public record NewMemory(Tenant tenant, Category category, String content, Metadata metadata, Source source) {

    public NewMemory {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(source, "source");
        content = Content.check(content);
    }
}
