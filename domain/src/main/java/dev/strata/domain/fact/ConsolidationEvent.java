package dev.strata.domain.fact;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of the {@code memory_consolidation_events} audit trail: a decision about a fact, whether
 * it was applied or refused by an invariant, why, and who made it.
 *
 * @param fact       the fact the decision was about (the newly recorded one)
 * @param target     the row the decision named, when it named one that exists
 * @param named      the id as the decider wrote it (a local id such as F2, or the matched fact for
 *                   the deterministic pass); kept verbatim so a made-up id is visible in the trail
 * @param model      the model that decided, or {@link #DETERMINISTIC} for the exact-match pass
 * @param promptHash SHA-256 of the prompt the model saw (empty for the deterministic pass)
 */
public record ConsolidationEvent(Tenant tenant, FactId fact, Optional<RowRef> target, String named,
                                 ConsolidationDecision.Kind decision, Outcome outcome, String reason, String model,
                                 String promptHash, Instant at) {

    public static final String DETERMINISTIC = "deterministic";

    public enum Outcome {
        APPLIED, REJECTED;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Outcome parse(String wire) {
            return valueOf(wire.toUpperCase(Locale.ROOT));
        }
    }

    public ConsolidationEvent {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(fact, "fact");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(named, "named");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(promptHash, "promptHash");
        Objects.requireNonNull(at, "at");
    }
}
