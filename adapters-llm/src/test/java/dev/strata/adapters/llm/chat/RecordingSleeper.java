package dev.strata.adapters.llm.chat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Records the waits a client asks for and returns at once, so retry tests take no time. */
final class RecordingSleeper implements Sleeper {

    final List<Duration> waits = new ArrayList<>();

    @Override
    public synchronized void sleep(Duration duration) {
        waits.add(duration);
    }
}
