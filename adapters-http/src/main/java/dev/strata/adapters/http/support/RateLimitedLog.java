package dev.strata.adapters.http.support;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One line per event, at most {@code perWindow} lines per kind of event per window: what a client can
 * cause (a disconnect, a slow request cut off, a 503 while the disk is full) must not let any client
 * flood the log. Lines left out are counted and the next line that gets through says how many. Stack
 * traces go to DEBUG only, where an operator who wants them turns them on.
 */
public final class RateLimitedLog {

    private final System.Logger log;
    private final int perWindow;
    private final long windowNanos;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    public RateLimitedLog(System.Logger log, int perWindow, Duration window) {
        this.log = Objects.requireNonNull(log, "log");
        if (perWindow < 1) {
            throw new IllegalArgumentException("perWindow must be positive");
        }
        this.perWindow = perWindow;
        this.windowNanos = window.toNanos();
    }

    /** The gateway's: 5 lines per kind of event per 10 seconds. */
    public static RateLimitedLog of(Class<?> owner) {
        return new RateLimitedLog(System.getLogger(owner.getName()), 5, Duration.ofSeconds(10));
    }

    /**
     * Logs {@code message} as one line at {@code level} unless this kind has had its lines in the current
     * window; {@code failure}'s stack trace, when given, goes to DEBUG only.
     */
    public void log(String kind, System.Logger.Level level, String message, Throwable failure) {
        long now = System.nanoTime();
        Window w = windows.compute(kind, (k, current) ->
                current == null || now - current.start >= windowNanos ? new Window(now, current) : current);
        long suppressedBefore;
        synchronized (w) {
            if (w.lines >= perWindow) {
                w.suppressed++;
                return;
            }
            w.lines++;
            suppressedBefore = w.carried;
            w.carried = 0;
        }
        String line = suppressedBefore > 0 ? message + " (" + suppressedBefore + " similar lines left out)" : message;
        log.log(level, line);
        if (failure != null && log.isLoggable(System.Logger.Level.DEBUG)) {
            log.log(System.Logger.Level.DEBUG, "stack trace of: " + message, failure);
        }
    }

    private static final class Window {
        final long start;
        int lines;
        long suppressed;
        /** Suppressed in the window before, reported by this window's first line. */
        long carried;

        Window(long start, Window previous) {
            this.start = start;
            if (previous != null) {
                synchronized (previous) {
                    this.carried = previous.suppressed + previous.carried;
                }
            }
        }
    }
}
