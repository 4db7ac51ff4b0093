package dev.strata.bootstrap.area;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * One named daemon thread a module runs event-triggered work on (a history sync, a rebuild), so
 * the write that triggered it never waits; {@link #close()} stops it, giving running work a few
 * seconds.
 */
public final class BackgroundThread implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(BackgroundThread.class.getName());

    private final String name;
    private final ExecutorService executor;

    public BackgroundThread(String name) {
        this.name = name;
        this.executor = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon().name(name).factory());
    }

    /** Where the work goes. */
    public ExecutorService executor() {
        return executor;
    }

    @Override
    public void close() {
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
                LOG.log(System.Logger.Level.WARNING, "thread " + name + " did not stop within 5 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
