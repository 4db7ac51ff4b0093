package dev.strata.domain.fact;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What a consolidation pass proposes for a new fact: it restates an existing statement
 * ({@link Kind#DUPLICATE}: the new fact is retired), it replaces one ({@link Kind#SUPERSEDE}: the
 * old statement is retired), or it stands beside them ({@link Kind#KEEP_BOTH}). A proposal is
 * not yet a change: {@link ConsolidationRules} decide whether it may be applied.
 *
 * @param target the local id of the candidate the decision names (F1, U2...); empty for keep-both
 */
public record ConsolidationDecision(Kind kind, Optional<String> target, String reason) {

    public enum Kind {
        SUPERSEDE, DUPLICATE, KEEP_BOTH;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Kind parse(String wire) {
            return Arrays.stream(values()).filter(k -> k.wireName().equals(wire)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown decision: " + wire));
        }

        public static String[] wireNames() {
            return Arrays.stream(values()).map(Kind::wireName).toArray(String[]::new);
        }
    }

    public ConsolidationDecision {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reason, "reason");
        target = Objects.requireNonNull(target, "target").map(String::strip).filter(t -> !t.isEmpty());
    }

    public static ConsolidationDecision keepBoth(String reason) {
        return new ConsolidationDecision(Kind.KEEP_BOTH, Optional.empty(), reason);
    }
}
