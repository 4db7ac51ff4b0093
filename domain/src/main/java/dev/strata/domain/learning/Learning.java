package dev.strata.domain.learning;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;

/**
 * A procedure that worked ({@code memory_learn}): the task, the steps or tool sequence, the context.
 * Kept in {@code learnings}, not in memories: listed and searched on demand, never injected by default.
 * One row per normalised task; {@code timesUsed} counts how often it was recorded.
 */
public record Learning(LearningId id, Tenant tenant, String task, String steps, String context, long timesUsed,
                       Instant createdAt, Instant updatedAt) {

    public Learning {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        task = NewLearning.checkTask(task);
        steps = LearningText.required("steps", steps, NewLearning.MAX_STEPS_CHARS);
        Objects.requireNonNull(context, "context");
        if (timesUsed < 1) {
            throw new IllegalArgumentException("timesUsed must be at least 1: " + timesUsed);
        }
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    public String normalizedTask() {
        return LearningText.normalise(task);
    }
}
