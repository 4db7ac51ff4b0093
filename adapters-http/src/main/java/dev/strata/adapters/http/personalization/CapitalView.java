package dev.strata.adapters.http.personalization;

import dev.strata.domain.personalization.CapitalMetrics;
import dev.strata.domain.personalization.CapitalValue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

/**
 * Agent-internal capital metrics: the last computed figure (absent until a read succeeded; a failed read
 * keeps it), when the sources may be read again, and the last failure.
 */
record CapitalView(String userId, Optional<BigDecimal> spotHoldingsUsd, Optional<BigDecimal> perpValueUsd,
                   Optional<BigDecimal> capitalTotalUsd, Optional<String> tier, Optional<Instant> computedAt,
                   Optional<Instant> nextUpdate, Optional<Instant> lastFailureAt, Optional<String> lastFailure,
                   Optional<String> outcome) {

    static CapitalView of(CapitalMetrics m, Optional<String> outcome) {
        Optional<CapitalValue> v = m.value();
        return new CapitalView(m.user().value(), v.map(CapitalValue::spotHoldingsUsd), v.map(CapitalValue::perpValueUsd),
                v.map(CapitalValue::totalUsd), v.map(x -> x.tier().wireName()), v.map(CapitalValue::computedAt),
                m.nextUpdate(), m.lastFailureAt(), m.lastFailure(), outcome);
    }
}
