package dev.strata.domain.fact;

import java.util.Objects;
import java.util.Optional;

/**
 * A status change a store applies only if the fact is still in {@code from}: a compare-and-set,
 * so a decision taken on a stale view of a fact changes nothing.
 */
public record FactTransition(FactId id, FactStatus from, FactStatus to, Optional<FactId> retiredBy, String reason) {

    public FactTransition {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(retiredBy, "retiredBy");
        Objects.requireNonNull(reason, "reason");
        if (!from.canMoveTo(to)) {
            throw new IllegalArgumentException("a fact cannot move from " + from + " to " + to);
        }
        if (retiredBy.isPresent() && to != FactStatus.RETIRED) {
            throw new IllegalArgumentException("only a retirement names the fact that retired it");
        }
    }

    public static FactTransition activate(FactId id, String reason) {
        return new FactTransition(id, FactStatus.PENDING, FactStatus.ACTIVE, Optional.empty(), reason);
    }

    public static FactTransition retire(FactId id, FactStatus from, Optional<FactId> by, String reason) {
        return new FactTransition(id, from, FactStatus.RETIRED, by, reason);
    }
}
