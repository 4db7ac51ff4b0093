package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/** A {@code memory_learn} call: the task, the steps that worked and optional context. */
public record NewLearning(Tenant tenant, String task, String steps, String context) {

    public static final int MAX_TASK_CHARS = 500;
    public static final int MAX_STEPS_CHARS = 8_000;
    public static final int MAX_CONTEXT_CHARS = 4_000;

    public NewLearning {
        Objects.requireNonNull(tenant, "tenant");
        task = checkTask(task);
        steps = LearningText.required("steps", steps, MAX_STEPS_CHARS);
        context = LearningText.optional("context", context, MAX_CONTEXT_CHARS);
    }

    static String checkTask(String task) {
        String t = LearningText.required("task", task, MAX_TASK_CHARS);
        if (t.indexOf('\n') >= 0 || t.indexOf('\r') >= 0) {
            throw new InvalidInputException("task", "must be one line");
        }
        return t;
    }

    public String normalizedTask() {
        return LearningText.normalise(task);
    }
}
