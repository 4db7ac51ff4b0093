package dev.strata.adapters.http.learning;

import dev.strata.domain.learning.Methodology;

import java.time.Instant;

/**
 * A methodology: {@code uses} is the spec's {@code times_used}, {@code confidence} the Wilson lower
 * bound, {@code quarantine} true until an approve graduates it (and again once demoted).
 */
public record MethodologyView(long id, String assetClass, String title, String body, long successes, long uses,
                              double confidence, boolean quarantine, String provenance, Instant createdAt,
                              Instant updatedAt) {

    public static MethodologyView of(Methodology m) {
        return new MethodologyView(m.id().value(), m.assetClass().wireName(), m.title(), m.body(), m.successes(),
                m.uses(), m.confidence(), m.quarantined(), m.provenance().wireName(), m.createdAt(), m.updatedAt());
    }
}
