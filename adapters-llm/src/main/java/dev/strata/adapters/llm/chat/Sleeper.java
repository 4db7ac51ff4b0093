package dev.strata.adapters.llm.chat;

import java.time.Duration;

/** Waits between retries; tests substitute one that records the waits instead of sleeping. */
@FunctionalInterface
public interface Sleeper {

    Sleeper THREAD = Thread::sleep;

    void sleep(Duration duration) throws InterruptedException;
}
