package dev.strata.domain.fact;

import dev.strata.domain.memory.Content;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One durable statement of the general fact layer (spec 01).
 *
 * @param normalized the dedup key, {@link FactNormalizer#normalize} of the content
 * @param settledAt  when the fact last changed status (empty while pending)
 * @param retiredBy  the fact that made this one redundant: the older copy it restated, or the newer
 *                   fact that superseded it; empty unless retired by another fact
 * @param reason     why the fact has its current status (empty while pending)
 */
public record Fact(FactId id, Tenant tenant, String content, String normalized, FactStatus status, Source source,
                   Instant createdAt, Optional<Instant> settledAt, Optional<FactId> retiredBy,
                   Optional<String> reason) {

    public Fact {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(normalized, "normalized");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(settledAt, "settledAt");
        Objects.requireNonNull(retiredBy, "retiredBy");
        Objects.requireNonNull(reason, "reason");
        content = Content.check(content);
        if (retiredBy.isPresent() && status != FactStatus.RETIRED) {
            throw new IllegalArgumentException("only a retired fact has a retiredBy");
        }
        if (retiredBy.isPresent() && retiredBy.get().equals(id)) {
            throw new IllegalArgumentException("a fact cannot retire itself");
        }
    }

    public boolean isActive() {
        return status == FactStatus.ACTIVE;
    }

    public boolean isPending() {
        return status == FactStatus.PENDING;
    }
}
