package dev.strata.application.fact;

import dev.strata.domain.memory.Tenant;

import java.util.Objects;
import java.util.Optional;

/**
 * What one consolidation run did for a tenant.
 *
 * @param activated    pending facts that became active (no match, or kept beside their matches)
 * @param duplicates   pending facts retired as restatements of an existing statement
 * @param superseded   older facts retired by a newer one
 * @param refused      model decisions refused by an invariant (audited; the new fact was kept)
 * @param stillPending facts left pending, for example because the model was unavailable or over budget
 * @param stoppedBy    why the run stopped before draining everything
 */
public record ConsolidationReport(Tenant tenant, int activated, int duplicates, int superseded, int refused,
                                  long stillPending, Optional<String> stoppedBy) {

    public ConsolidationReport {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(stoppedBy, "stoppedBy");
    }
}
