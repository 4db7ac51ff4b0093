package dev.strata.domain.memory;


import java.util.Objects;

/** A stored memory as a replay of the edge extractor reads it. */
public record EdgeSource(Tenant tenant, MemoryId memory, String content) {

    public EdgeSource {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(content, "content");
    }
}
