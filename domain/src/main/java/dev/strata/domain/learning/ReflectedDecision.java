package dev.strata.domain.learning;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A role's decision about an asset that has been reflected (spec 05), as a compiled page's Timeline
 * shows it next to the asset's trades. The learning loop only reads these: they are the role area's.
 *
 * @param entryId        the role-memory entry
 * @param role           the role that decided
 * @param reflectedAt    when the reflection was stored; the Timeline orders by it
 * @param classification why the decision turned out as it did ({@code logic_error}, {@code variance}, ...)
 * @param decision       what was decided
 * @param outcome        the measured outcome, when one was stored
 * @param lesson         the lesson, for the trainable classifications
 * @param narrative      the reflection's narrative (shown when there is no lesson)
 */
public record ReflectedDecision(long entryId, String role, Instant reflectedAt, String classification, String decision,
                                Optional<String> outcome, Optional<String> lesson, String narrative) {

    public ReflectedDecision {
        if (entryId < 1) {
            throw new IllegalArgumentException("entryId must be positive");
        }
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(reflectedAt, "reflectedAt");
        Objects.requireNonNull(classification, "classification");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(lesson, "lesson");
        Objects.requireNonNull(narrative, "narrative");
    }
}
