package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.util.Objects;
import java.util.Optional;

/** A keyword search: the raw query text (natural language or the FTS5 query syntax), scoped to a tenant. */
public record SearchRequest(Tenant tenant, String query, int limit, Optional<Category> category) {

    public static final int MAX_QUERY_CHARS = 1_000;

    public SearchRequest {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(category, "category");
        if (query == null || query.isBlank()) {
            throw new InvalidInputException("query", "must not be blank");
        }
        if (query.length() > MAX_QUERY_CHARS) {
            throw new InvalidInputException("query", "must be at most " + MAX_QUERY_CHARS + " characters");
        }
        if (limit < 1) {
            throw new InvalidInputException("limit", "must be at least 1");
        }
    }
}
