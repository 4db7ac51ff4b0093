package dev.strata.adapters.http;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GatewaySettingsTest {

    @Test
    void auth_is_off_on_loopback_unless_required() {
        for (String host : new String[] {"127.0.0.1", "localhost", "::1", "[::1]", "127.0.1.1", "LOCALHOST"}) {
            assertThat(GatewaySettings.defaults(host, 0).authRequired()).as(host).isFalse();
            assertThat(GatewaySettings.defaults(host, 0).withRequireAuth(true).authRequired()).as(host).isTrue();
        }
    }

    @Test
    void any_other_address_forces_auth_on() {
        for (String host : new String[] {"0.0.0.0", "::", "192.168.1.10", "strata.internal", "128.0.0.1",
                "127.0.0.1.example.com"}) {
            assertThat(GatewaySettings.defaults(host, 0).authRequired()).as(host).isTrue();
        }
    }
}
