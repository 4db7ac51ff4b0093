package dev.strata.domain.fact;

import dev.strata.domain.memory.Source;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The hard invariants of consolidation. They are code, not prompt: whatever a model answers and
 * whatever the operator's free-text guidance asks, a decision is refused when it
 * <ul>
 *   <li>names no candidate, or an id that is not among the candidates it was shown;</li>
 *   <li>names a row of another tenant;</li>
 *   <li>would retire a {@code user_manual} row (the user's stated ground truth);</li>
 *   <li>would retire anything that is not a fact (memories belong to the memory layer).</li>
 * </ul>
 * Nothing here deletes: the only change a verdict can lead to is a retirement.
 */
public final class ConsolidationRules {

    private ConsolidationRules() {
    }

    /** The outcome of checking a decision. */
    public sealed interface Verdict {
    }

    /** The decision may be applied; {@code target} is the candidate it names (empty for keep-both). */
    public record Allowed(ConsolidationDecision decision, Optional<ConsolidationCandidate> target) implements Verdict {
    }

    /** The decision breaks an invariant; {@code target} is the named candidate when it exists. */
    public record Refused(String reason, Optional<ConsolidationCandidate> target) implements Verdict {
    }

    public static Verdict check(Fact fact, ConsolidationDecision decision, List<ConsolidationCandidate> candidates) {
        Objects.requireNonNull(fact, "fact");
        if (decision.kind() == ConsolidationDecision.Kind.KEEP_BOTH) {
            return new Allowed(decision, Optional.empty());
        }
        if (decision.target().isEmpty()) {
            return new Refused("a " + decision.kind().wireName() + " decision must name a candidate", Optional.empty());
        }
        String named = decision.target().get();
        Optional<ConsolidationCandidate> match = candidates.stream()
                .filter(c -> c.localId().equalsIgnoreCase(named)).findFirst();
        if (match.isEmpty()) {
            return new Refused("'" + named + "' is not among the candidates shown ("
                    + candidates.stream().map(ConsolidationCandidate::localId).collect(Collectors.joining(", "))
                    + ")", Optional.empty());
        }
        ConsolidationCandidate target = match.get();
        if (!target.tenant().equals(fact.tenant())) {
            return new Refused(named + " belongs to another tenant", match);
        }
        if (decision.kind() == ConsolidationDecision.Kind.DUPLICATE) {
            if (fact.source() == Source.USER_MANUAL) {
                return new Refused("the new fact is a user_manual row, which is never retired", match);
            }
            return new Allowed(decision, match);
        }
        if (target.source() == Source.USER_MANUAL) {
            return new Refused(named + " is a user_manual row, which is never retired", match);
        }
        if (target.row().kind() != RowRef.Kind.FACT) {
            return new Refused(named + " is not a fact; only facts can be retired by consolidation", match);
        }
        return new Allowed(decision, match);
    }
}
