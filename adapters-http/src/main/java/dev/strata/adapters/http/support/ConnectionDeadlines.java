package dev.strata.adapters.http.support;

import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.http1.Http1ConnectionListener;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Deadlines for the parts of a request the server waits on: the headers (from the request line to the
 * blank line) and the body (from the headers to its last byte). A connection that misses one is closed,
 * with one rate-limited log line. The server's idle timeout covers a connection that sends no request
 * line at all; together a client can hold a connection only as long as the settings allow, however slowly
 * it trickles bytes (a per-read socket timeout would let one byte a second keep it open forever).
 *
 * <p>It listens to the HTTP/1 connection (request line and headers read) and learns from
 * {@link Requests} when a body has been read; both happen on the connection's own thread, so the
 * connection's deadline is kept per thread. A route that never reads its body keeps the body deadline
 * until the next request, so a client that stalls mid-body is cut off even then.
 */
public final class ConnectionDeadlines implements Http1ConnectionListener, AutoCloseable {

    private static final ThreadLocal<Watch> CURRENT = new ThreadLocal<>();
    private static final RateLimitedLog LOG = RateLimitedLog.of(ConnectionDeadlines.class);

    private final Duration headerTimeout;
    private final Duration bodyTimeout;
    private final Set<Watch> armed = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "strata-connection-deadlines");
        t.setDaemon(true);
        return t;
    });

    public ConnectionDeadlines(Duration headerTimeout, Duration bodyTimeout) {
        this.headerTimeout = headerTimeout;
        this.bodyTimeout = bodyTimeout;
        sweeper.scheduleWithFixedDelay(this::sweep, 100, 100, TimeUnit.MILLISECONDS);
    }

    @Override
    public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
        Watch watch = CURRENT.get();
        if (watch == null || watch.owner != this || watch.ctx != ctx) {
            watch = new Watch(this, ctx);
            CURRENT.set(watch);
        }
        watch.arm("the request headers", headerTimeout);
    }

    @Override
    public void headers(ConnectionContext ctx, Headers headers) {
        Watch watch = CURRENT.get();
        if (watch == null || watch.ctx != ctx) {
            return;
        }
        if (hasBody(headers)) {
            watch.arm("the request body", bodyTimeout);
        } else {
            watch.clear();
        }
    }

    /** A Content-Length that is not a number is the router's 400 to give; here it counts as a body to wait for. */
    private static boolean hasBody(Headers headers) {
        if (headers.contains(HeaderNames.TRANSFER_ENCODING)) {
            return true;
        }
        try {
            return headers.contentLength().orElse(0) > 0;
        } catch (RuntimeException e) {
            return headers.contains(HeaderNames.CONTENT_LENGTH);
        }
    }

    /** Called once a route has read the whole body: what the connection does next is the server's time. */
    static void bodyRead() {
        Watch watch = CURRENT.get();
        if (watch != null) {
            watch.clear();
        }
    }

    private void sweep() {
        long now = System.nanoTime();
        for (Watch watch : armed) {
            watch.closeIfLate(now);
        }
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
    }

    private static final class Watch {

        private final ConnectionDeadlines owner;
        private final ConnectionContext ctx;
        private volatile String awaiting;
        private volatile long deadline;
        private volatile Duration timeout;

        Watch(ConnectionDeadlines owner, ConnectionContext ctx) {
            this.owner = owner;
            this.ctx = ctx;
        }

        void arm(String what, Duration limit) {
            awaiting = what;
            timeout = limit;
            deadline = System.nanoTime() + limit.toNanos();
            owner.armed.add(this);
        }

        void clear() {
            owner.armed.remove(this);
        }

        void closeIfLate(long now) {
            if (now - deadline < 0) {
                return;
            }
            owner.armed.remove(this);
            LOG.log("deadline", System.Logger.Level.INFO, "closed the connection from " + ctx.remotePeer().address()
                    + ": " + awaiting + " did not arrive within " + timeout.toMillis() + " ms", null);
            try {
                ctx.serverSocket().close();
            } catch (RuntimeException e) {
                // Already closed by the client or the server: nothing left to cut off.
            }
        }
    }
}
