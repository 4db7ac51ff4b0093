package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/** A memory waiting for (re-)embedding: what the worker needs to embed it. */
public record PendingEmbedding(Tenant tenant, MemoryId memory, String content) {

    public PendingEmbedding {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(content, "content");
    }
}
