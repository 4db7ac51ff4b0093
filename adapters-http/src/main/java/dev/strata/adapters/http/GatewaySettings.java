package dev.strata.adapters.http;

/**
 * Network and size limits of the gateway.
 *
 * @param maxBodyBytes      largest body of an ordinary request
 * @param maxBatchBodyBytes largest body of a batch write
 */
public record GatewaySettings(String host, int port, long maxBodyBytes, long maxBatchBodyBytes) {

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

    public static GatewaySettings defaults(String host, int port) {
        return new GatewaySettings(host, port, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BATCH_BODY_BYTES);
    }
}
