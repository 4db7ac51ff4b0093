package dev.strata.adapters.http;

import java.time.Duration;
import java.util.Locale;

/**
 * Network, size and access settings of the gateway.
 *
 * @param maxBodyBytes      largest body of an ordinary request
 * @param maxBatchBodyBytes largest body of a batch write
 * @param requireAuth       whether {@code /v1} and metrics need an API key even on a loopback address
 *                          (see {@link #authRequired()}: any other address requires it regardless)
 * @param wire              how long the server waits on a client and how many connections it keeps
 */
public record GatewaySettings(String host, int port, long maxBodyBytes, long maxBatchBodyBytes, boolean requireAuth,
                              Wire wire) {

    /**
     * What a slow or idle client may hold (issue 13: idle sockets, trickled headers and half-sent bodies
     * stayed open 65 s and more each).
     *
     * @param idleTimeout    a connection that sends no request (a new one, or a kept-alive one between
     *                       requests, or one trickling its request line) is closed after this long
     * @param headerTimeout  from the request line to the end of the headers
     * @param bodyTimeout    from the end of the headers to the last byte of the body
     * @param maxConnections connections served at once; more are refused until one closes
     */
    public record Wire(Duration idleTimeout, Duration headerTimeout, Duration bodyTimeout, int maxConnections) {

        public static final Wire DEFAULTS = new Wire(Duration.ofSeconds(30), Duration.ofSeconds(10),
                Duration.ofSeconds(60), 512);

        public Wire {
            for (Duration d : new Duration[] {idleTimeout, headerTimeout, bodyTimeout}) {
                if (d == null || d.compareTo(Duration.ofMillis(100)) < 0) {
                    throw new IllegalArgumentException("connection timeouts must be at least 100 ms");
                }
            }
            if (maxConnections < 1) {
                throw new IllegalArgumentException("maxConnections must be positive");
            }
        }
    }

    public static final long DEFAULT_MAX_BODY_BYTES = 256 * 1024;
    public static final long DEFAULT_MAX_BATCH_BODY_BYTES = 16 * 1024 * 1024;

    public GatewaySettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be in 0..65535");
        }
        if (maxBodyBytes < 1024 || maxBatchBodyBytes < maxBodyBytes) {
            throw new IllegalArgumentException("body limits must be at least 1 KiB, batch >= single");
        }
        java.util.Objects.requireNonNull(wire, "wire");
    }

    /** The default connection limits. */
    public GatewaySettings(String host, int port, long maxBodyBytes, long maxBatchBodyBytes, boolean requireAuth) {
        this(host, port, maxBodyBytes, maxBatchBodyBytes, requireAuth, Wire.DEFAULTS);
    }

    /** Authentication off unless the host is not a loopback address. */
    public GatewaySettings(String host, int port, long maxBodyBytes, long maxBatchBodyBytes) {
        this(host, port, maxBodyBytes, maxBatchBodyBytes, false);
    }

    public static GatewaySettings defaults(String host, int port) {
        return new GatewaySettings(host, port, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BATCH_BODY_BYTES, false);
    }

    public GatewaySettings withRequireAuth(boolean required) {
        return new GatewaySettings(host, port, maxBodyBytes, maxBatchBodyBytes, required, wire);
    }

    public GatewaySettings withWire(Wire limits) {
        return new GatewaySettings(host, port, maxBodyBytes, maxBatchBodyBytes, requireAuth, limits);
    }

    /**
     * Whether requests need an API key: when asked for, and always when the server listens on anything
     * but loopback, because then other machines can reach it. Host names other than {@code localhost}
     * count as non-loopback without a DNS lookup: what a name resolves to can change after start.
     */
    public boolean authRequired() {
        return requireAuth || !isLoopback(host);
    }

    static boolean isLoopback(String host) {
        String h = host.strip().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        return h.equals("localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")
                || h.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }
}
