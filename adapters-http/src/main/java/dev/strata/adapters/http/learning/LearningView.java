package dev.strata.adapters.http.learning;

import dev.strata.domain.learning.Learning;

import java.time.Instant;

/** A learning ({@code memory_learn}): a procedure that worked, with how often it was recorded. */
public record LearningView(long id, String task, String steps, String context, long timesUsed, Instant createdAt,
                           Instant updatedAt) {

    public static LearningView of(Learning l) {
        return new LearningView(l.id().value(), l.task(), l.steps(), l.context(), l.timesUsed(), l.createdAt(),
                l.updatedAt());
    }
}
