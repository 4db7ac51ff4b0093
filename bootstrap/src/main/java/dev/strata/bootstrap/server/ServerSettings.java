package dev.strata.bootstrap.server;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;

import java.time.Duration;
import java.util.Objects;

/**
 * The gateway's address, body limits and access rule: {@code strata.server.*}. The values are the
 * gateway's own {@link GatewaySettings}, which checks them.
 */
public record ServerSettings(GatewaySettings gateway) implements AreaSettings {

    static final ConfigKey HOST = new ConfigKey("strata.server.host", "STRATA_HOST");
    static final ConfigKey PORT = new ConfigKey("strata.server.port", "STRATA_PORT");
    static final ConfigKey REQUIRE_AUTH = new ConfigKey("strata.server.require-auth", "STRATA_REQUIRE_AUTH");
    static final ConfigKey MAX_BODY_BYTES = new ConfigKey("strata.server.max-body-bytes", "STRATA_MAX_BODY_BYTES");
    static final ConfigKey MAX_BATCH_BODY_BYTES =
            new ConfigKey("strata.server.max-batch-body-bytes", "STRATA_MAX_BATCH_BODY_BYTES");

    static final ConfigKey IDLE_TIMEOUT = new ConfigKey("strata.server.idle-timeout-ms", "STRATA_IDLE_TIMEOUT_MS");
    static final ConfigKey HEADER_TIMEOUT =
            new ConfigKey("strata.server.header-timeout-ms", "STRATA_HEADER_TIMEOUT_MS");
    static final ConfigKey BODY_TIMEOUT = new ConfigKey("strata.server.body-timeout-ms", "STRATA_BODY_TIMEOUT_MS");
    static final ConfigKey MAX_CONNECTIONS = new ConfigKey("strata.server.max-connections", "STRATA_MAX_CONNECTIONS");

    public ServerSettings {
        Objects.requireNonNull(gateway, "gateway");
    }

    public static ServerSettings from(ConfigReader config) {
        String host = config.string(HOST);
        int port = config.integer(PORT);
        long maxBody = config.longValue(MAX_BODY_BYTES);
        long maxBatchBody = config.longValue(MAX_BATCH_BODY_BYTES);
        boolean requireAuth = config.bool(REQUIRE_AUTH);
        long idle = config.longValue(IDLE_TIMEOUT);
        long header = config.longValue(HEADER_TIMEOUT);
        long body = config.longValue(BODY_TIMEOUT);
        int maxConnections = config.integer(MAX_CONNECTIONS);
        return new ServerSettings(ConfigKey.checking("strata.server.*",
                () -> new GatewaySettings(host, port, maxBody, maxBatchBody, requireAuth, new GatewaySettings.Wire(
                        Duration.ofMillis(idle), Duration.ofMillis(header), Duration.ofMillis(body), maxConnections))));
    }

    /** The default limits on {@code host:port}, authentication off unless the host is not loopback. */
    public static ServerSettings on(String host, int port) {
        return new ServerSettings(GatewaySettings.defaults(host, port));
    }
}
