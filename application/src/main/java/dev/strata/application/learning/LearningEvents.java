package dev.strata.application.learning;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/** The loop's listeners, shared by its services so one subscription sees every change. */
public final class LearningEvents {

    private static final System.Logger LOG = System.getLogger(LearningEvents.class.getName());

    private final List<LearningListener> listeners = new CopyOnWriteArrayList<>();

    public void addListener(LearningListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    void publish(LearningEvent event) {
        for (LearningListener l : listeners) {
            try {
                l.onLearning(event);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "learning listener failed for " + event.getClass().getSimpleName(), e);
            }
        }
    }
}
