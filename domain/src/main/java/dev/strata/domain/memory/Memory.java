package dev.strata.domain.memory;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One stored memory. {@code deletedAt} is the soft-delete cursor: a deleted memory stays
 * recoverable until retention runs out, but no read path shows it.
 */
public record Memory(MemoryId id, Tenant tenant, Category category, String content, Metadata metadata,
                     Source source, Instant createdAt, Instant updatedAt, Optional<Instant> deletedAt) {

    public Memory {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(deletedAt, "deletedAt");
        content = Content.check(content);
    }

    public boolean isDeleted() {
        return deletedAt.isPresent();
    }
}
