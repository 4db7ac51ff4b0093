package dev.strata.bootstrap.server;

import dev.strata.bootstrap.area.TestConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ServerSettingsTest {

    private static ServerSettings load(Map<String, String> env) {
        return ServerSettings.from(TestConfig.with(env));
    }

    @Test
    void auth_is_off_by_default_on_loopback() {
        assertThat(load(Map.of()).gateway().host()).isEqualTo("127.0.0.1");
        assertThat(load(Map.of()).gateway().requireAuth()).isFalse();
        assertThat(load(Map.of()).gateway().authRequired()).isFalse();
    }

    @Test
    void the_environment_turns_it_on_and_a_non_loopback_host_forces_it() {
        assertThat(load(Map.of("STRATA_REQUIRE_AUTH", "true")).gateway().authRequired()).isTrue();
        assertThat(load(Map.of("STRATA_HOST", "0.0.0.0")).gateway().authRequired()).isTrue();
        assertThat(load(Map.of("STRATA_HOST", "0.0.0.0", "STRATA_REQUIRE_AUTH", "false")).gateway().authRequired())
                .isTrue();
    }

    @Test
    void a_value_other_than_true_or_false_names_the_key() {
        assertThatThrownBy(() -> load(Map.of("STRATA_REQUIRE_AUTH", "yes")))
                .hasMessage("configuration strata.server.require-auth (STRATA_REQUIRE_AUTH) must be true or false, "
                        + "got 'yes'");
    }

    @Test
    void a_port_out_of_range_names_the_server_keys() {
        assertThatThrownBy(() -> load(Map.of("STRATA_PORT", "70000")))
                .hasMessageContaining("strata.server.").hasMessageContaining("port");
        assertThatThrownBy(() -> load(Map.of("STRATA_PORT", "eighty")))
                .hasMessageContaining("strata.server.port (STRATA_PORT)").hasMessageContaining("'eighty'");
    }

    @Test
    void connection_limits_default_to_the_shipped_values_and_follow_the_environment() {
        var defaults = load(Map.of()).gateway().wire();
        var configured = load(Map.of("STRATA_IDLE_TIMEOUT_MS", "5000", "STRATA_HEADER_TIMEOUT_MS", "2000",
                "STRATA_BODY_TIMEOUT_MS", "9000", "STRATA_MAX_CONNECTIONS", "64")).gateway().wire();

        assertThat(defaults).isEqualTo(new dev.strata.adapters.http.GatewaySettings.Wire(
                java.time.Duration.ofSeconds(30), java.time.Duration.ofSeconds(10), java.time.Duration.ofSeconds(60), 512));
        assertThat(configured.idleTimeout()).hasMillis(5000);
        assertThat(configured.headerTimeout()).hasMillis(2000);
        assertThat(configured.bodyTimeout()).hasMillis(9000);
        assertThat(configured.maxConnections()).isEqualTo(64);
    }

    @Test
    void a_connection_limit_out_of_range_names_the_server_keys() {
        assertThatThrownBy(() -> load(Map.of("STRATA_MAX_CONNECTIONS", "0")))
                .hasMessageContaining("strata.server.").hasMessageContaining("maxConnections");
        assertThatThrownBy(() -> load(Map.of("STRATA_HEADER_TIMEOUT_MS", "5")))
                .hasMessageContaining("strata.server.").hasMessageContaining("at least 100 ms");
    }
}
