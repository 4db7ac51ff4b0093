package dev.strata.adapters.http.fact;

import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactId;

/** A fact of the general fact layer; {@code settled_at}, {@code retired_by} and {@code reason} are {@code null} until they apply. */
public record FactView(long id, String content, String status, String source, String normalized, String createdAt,
                       String settledAt, Long retiredBy, String reason) {

    public static FactView of(Fact f) {
        return new FactView(f.id().value(), f.content(), f.status().wireName(), f.source().wireName(), f.normalized(),
                f.createdAt().toString(), f.settledAt().map(Object::toString).orElse(null),
                f.retiredBy().map(FactId::value).orElse(null), f.reason().orElse(null));
    }
}
