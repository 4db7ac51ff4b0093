package dev.strata.domain.learning;

import java.util.Objects;
import java.util.Optional;

/** Which cases a listing covers. */
public record CaseFilter(Optional<TradeId> trade, Optional<MethodologyId> methodology, Optional<CaseOutcome> outcome) {

    public static final CaseFilter ALL = new CaseFilter(Optional.empty(), Optional.empty(), Optional.empty());

    public CaseFilter {
        Objects.requireNonNull(trade, "trade");
        Objects.requireNonNull(methodology, "methodology");
        Objects.requireNonNull(outcome, "outcome");
    }

    public static CaseFilter ofTrade(TradeId id) {
        return new CaseFilter(Optional.of(id), Optional.empty(), Optional.empty());
    }

    public static CaseFilter withOutcome(CaseOutcome outcome) {
        return new CaseFilter(Optional.empty(), Optional.empty(), Optional.of(outcome));
    }

    public boolean accepts(MethodologyCase c) {
        return trade.map(t -> t.equals(c.trade())).orElse(true)
                && methodology.map(m -> c.methodologies().contains(m)).orElse(true)
                && outcome.map(o -> o == c.outcome()).orElse(true);
    }
}
