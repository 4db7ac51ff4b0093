package dev.strata.application.role;

import dev.strata.domain.retrieval.SearchMode;
import dev.strata.domain.role.RoleDefinition;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code recall <role>} answers: without a query, the role's recent lessons; with one, the role's
 * entries that match it (hybrid when embeddings are on, keyword otherwise, as {@code mode} says; it is
 * present exactly when there is a query).
 */
public record Recall(RoleDefinition role, Optional<String> query, List<RoleLesson> lessons, List<RecallHit> hits,
                     Optional<SearchMode> mode) {

    public Recall {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(query, "query");
        lessons = List.copyOf(lessons);
        hits = List.copyOf(hits);
        Objects.requireNonNull(mode, "mode");
    }
}
