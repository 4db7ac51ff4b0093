package dev.strata.application.trading;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/** The mirror's listeners, shared by the push and the sync paths so one subscription sees every new row. */
public final class TradingEvents {

    private static final System.Logger LOG = System.getLogger(TradingEvents.class.getName());

    private final List<TradingListener> listeners = new CopyOnWriteArrayList<>();

    public void addListener(TradingListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    void publish(TradingEvent event) {
        for (TradingListener l : listeners) {
            try {
                l.onRecorded(event);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "trading listener failed for " + event.name(), e);
            }
        }
    }
}
