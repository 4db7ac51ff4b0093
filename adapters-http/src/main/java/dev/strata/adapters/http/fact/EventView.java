package dev.strata.adapters.http.fact;

import dev.strata.domain.fact.ConsolidationEvent;
import dev.strata.domain.fact.RowRef;


/** One step of a fact's consolidation trail; {@code target} is {@code null} when the decision had none. */
record EventView(long factId, String decision, String outcome, String target, String named, String reason,
                 String model, String promptHash, String createdAt) {

    static EventView of(ConsolidationEvent e) {
        return new EventView(e.fact().value(), e.decision().wireName(), e.outcome().wireName(),
                e.target().map(RowRef::toString).orElse(null), e.named(), e.reason(), e.model(), e.promptHash(),
                e.at().toString());
    }
}
