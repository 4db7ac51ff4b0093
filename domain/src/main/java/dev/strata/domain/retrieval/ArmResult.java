package dev.strata.domain.retrieval;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** One arm's answer, best first: position 0 is rank 1. */
public record ArmResult(Arm arm, List<Candidate> ranked) {

    public ArmResult {
        Objects.requireNonNull(arm, "arm");
        ranked = List.copyOf(ranked);
        Set<Long> seen = new HashSet<>();
        for (Candidate c : ranked) {
            if (!seen.add(c.id())) {
                throw new IllegalArgumentException(arm.wireName() + " arm ranks memory " + c.id() + " twice");
            }
        }
    }

    public static ArmResult keyword(List<Candidate> ranked) {
        return new ArmResult(Arm.KEYWORD, ranked);
    }

    public static ArmResult vector(List<Candidate> ranked) {
        return new ArmResult(Arm.VECTOR, ranked);
    }
}
