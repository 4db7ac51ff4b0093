package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A keyword search: the raw query text (natural language or the FTS5 query syntax), scoped to a
 * tenant and, optionally, to a time ({@link TimeScope}). {@code reference} is the instant the
 * query's own time words ("last May", "yesterday") are read against; empty means now.
 */
public record SearchRequest(Tenant tenant, String query, int limit, Optional<Category> category, TimeScope scope,
                            Optional<Instant> reference) {

    public static final int MAX_QUERY_CHARS = 1_000;

    public SearchRequest {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(reference, "reference");
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

    /** A search without a time scope, its time words read against now. */
    public SearchRequest(Tenant tenant, String query, int limit, Optional<Category> category) {
        this(tenant, query, limit, category, TimeScope.NONE, Optional.empty());
    }

    public SearchRequest withScope(TimeScope scope) {
        return new SearchRequest(tenant, query, limit, category, scope, reference);
    }

    public SearchRequest withReference(Optional<Instant> reference) {
        return new SearchRequest(tenant, query, limit, category, scope, reference);
    }
}
