package dev.strata.application.fact;

/** Reacts to recorded facts (the debounced sweep); called after the commit, and a failure never fails the recording. */
@FunctionalInterface
public interface FactListener {

    void onRecorded(FactRecorded event);
}
