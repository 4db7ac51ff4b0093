package dev.strata.adapters.http.learning;

import dev.strata.domain.learning.MethodologyCase;
import dev.strata.domain.learning.MethodologyId;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A decision attributed to methodologies; {@code scored_at} appears once its trade's outcome scored it. */
public record CaseView(long id, long tradeId, List<Long> methodologyIds, String hintHash, String decision,
                       String outcome, Instant createdAt, Optional<Instant> scoredAt) {

    public static CaseView of(MethodologyCase c) {
        return new CaseView(c.id().value(), c.trade().value(), c.methodologies().stream().map(MethodologyId::value)
                .toList(), c.hintHash(), c.decision(), c.outcome().wireName(), c.createdAt(), c.scoredAt());
    }
}
