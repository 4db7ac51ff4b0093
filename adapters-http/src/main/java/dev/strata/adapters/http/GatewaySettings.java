package dev.strata.adapters.http;

import java.util.Locale;

/**
 * Network, size and access settings of the gateway.
 *
 * @param maxBodyBytes      largest body of an ordinary request
 * @param maxBatchBodyBytes largest body of a batch write
 * @param requireAuth       whether {@code /v1} and metrics need an API key even on a loopback address
 *                          (see {@link #authRequired()}: any other address requires it regardless)
 */
public record GatewaySettings(String host, int port, long maxBodyBytes, long maxBatchBodyBytes, boolean requireAuth) {

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
    }

    /** Authentication off unless the host is not a loopback address. */
    public GatewaySettings(String host, int port, long maxBodyBytes, long maxBatchBodyBytes) {
        this(host, port, maxBodyBytes, maxBatchBodyBytes, false);
    }

    public static GatewaySettings defaults(String host, int port) {
        return new GatewaySettings(host, port, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BATCH_BODY_BYTES, false);
    }

    public GatewaySettings withRequireAuth(boolean required) {
        return new GatewaySettings(host, port, maxBodyBytes, maxBatchBodyBytes, required);
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
