package dev.strata.application.trading;

/** Reacts to committed mirror rows; called after the commit, and a failing listener never fails the write. */
@FunctionalInterface
public interface TradingListener {

    void onRecorded(TradingEvent event);
}
