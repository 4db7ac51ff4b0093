package dev.strata.domain.learning;

import java.util.Objects;

/** One methodology before and after a scoring step, so callers can audit and announce what moved. */
public record MethodologyChange(Methodology before, Methodology after) {

    public MethodologyChange {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        if (!before.id().equals(after.id()) || !before.tenant().equals(after.tenant())) {
            throw new IllegalArgumentException("a change describes one methodology");
        }
    }

    /** Quarantine went up in this step (demotion). */
    public boolean demoted() {
        return !before.quarantined() && after.quarantined();
    }

    public boolean countsChanged() {
        return before.successes() != after.successes() || before.uses() != after.uses();
    }

    public boolean changed() {
        return countsChanged() || demoted() || before.confidence() != after.confidence();
    }
}
