package dev.strata.application.learning;

/** Reacts to committed learning-loop changes; a failing listener is logged and never fails the change. */
@FunctionalInterface
public interface LearningListener {

    void onLearning(LearningEvent event);
}
