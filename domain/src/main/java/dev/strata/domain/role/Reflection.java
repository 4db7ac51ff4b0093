package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The stored verdict on one decision: its classification, the model's narrative, and a lesson
 * exactly when the classification is trainable. Written once; a stored reflection is never rewritten.
 */
public record Reflection(Classification classification, String narrative, Optional<String> lesson, String model,
                         Instant reflectedAt) {

    public static final int MAX_NARRATIVE_CHARS = 2_000;

    public Reflection {
        Objects.requireNonNull(classification, "classification");
        Objects.requireNonNull(lesson, "lesson");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(reflectedAt, "reflectedAt");
        if (narrative == null || narrative.isBlank()) {
            throw new InvalidInputException("narrative", "must not be blank");
        }
        narrative = narrative.strip();
        if (narrative.length() > MAX_NARRATIVE_CHARS) {
            narrative = narrative.substring(0, MAX_NARRATIVE_CHARS);
        }
        if (classification.trainable() != lesson.isPresent()) {
            throw new InvalidInputException("lesson", classification.trainable()
                    ? "a " + classification.wireName() + " reflection needs a lesson"
                    : "a " + classification.wireName() + " reflection has no lesson");
        }
        lesson = lesson.map(LessonText::of);
    }
}
