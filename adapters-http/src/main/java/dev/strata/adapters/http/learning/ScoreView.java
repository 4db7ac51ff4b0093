package dev.strata.adapters.http.learning;

import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyChange;

/** One methodology as an outcome left it; {@code demoted} when this outcome quarantined it. */
public record ScoreView(long methodologyId, long successes, long uses, double confidence, boolean quarantine,
                        boolean demoted) {

    public static ScoreView of(MethodologyChange c) {
        Methodology a = c.after();
        return new ScoreView(a.id().value(), a.successes(), a.uses(), a.confidence(), a.quarantined(), c.demoted());
    }
}
