package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The time a search is scoped to (issue 19): event times in {@code [occurredAfter, occurredBefore)}
 * (either bound open when absent), and {@code asOf}: what a search at that instant would have seen
 * (rows written after it are left out, a deletion or supersession that came later is taken back,
 * see {@link Memory#seenAt}). Every part is a hard filter; the soft lift of a question's own time
 * words is the ranker's business.
 */
public record TimeScope(Optional<Instant> occurredAfter, Optional<Instant> occurredBefore, Optional<Instant> asOf) {

    /** No time scope: every live memory. */
    public static final TimeScope NONE = new TimeScope(Optional.empty(), Optional.empty(), Optional.empty());

    public TimeScope {
        Objects.requireNonNull(occurredAfter, "occurredAfter");
        Objects.requireNonNull(occurredBefore, "occurredBefore");
        Objects.requireNonNull(asOf, "asOf");
        if (occurredAfter.isPresent() && occurredBefore.isPresent()
                && !occurredBefore.get().isAfter(occurredAfter.get())) {
            throw new InvalidInputException("occurred_before", "must be after occurred_after");
        }
    }

    public boolean isNone() {
        return occurredAfter.isEmpty() && occurredBefore.isEmpty() && asOf.isEmpty();
    }

    /** The memory as this scope shows it, or empty when the scope leaves it out. */
    public Optional<Memory> view(Memory m) {
        if (occurredAfter.filter(t -> m.occurredAt().isBefore(t)).isPresent()
                || occurredBefore.filter(t -> !m.occurredAt().isBefore(t)).isPresent()) {
            return Optional.empty();
        }
        return asOf.isPresent() ? m.seenAt(asOf.get()) : (m.isDeleted() ? Optional.empty() : Optional.of(m));
    }
}
