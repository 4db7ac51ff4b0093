package dev.strata.bootstrap;

import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AccessSettingsTest {

    private static StrataSettings load(Map<String, String> env) {
        return new SettingsLoader(Config.just(ConfigSources.classpath("application.yaml")), env).load();
    }

    @Test
    void authIsOffByDefaultOnLoopback() {
        assertThat(load(Map.of()).gateway().requireAuth()).isFalse();
        assertThat(load(Map.of()).gateway().authRequired()).isFalse();
    }

    @Test
    void theEnvironmentTurnsItOnAndANonLoopbackHostForcesIt() {
        assertThat(load(Map.of("STRATA_REQUIRE_AUTH", "true")).gateway().authRequired()).isTrue();
        assertThat(load(Map.of("STRATA_HOST", "0.0.0.0")).gateway().authRequired()).isTrue();
        assertThat(load(Map.of("STRATA_HOST", "0.0.0.0", "STRATA_REQUIRE_AUTH", "false")).gateway().authRequired())
                .isTrue();
    }

    @Test
    void aValueOtherThanTrueOrFalseNamesTheKey() {
        assertThatThrownBy(() -> load(Map.of("STRATA_REQUIRE_AUTH", "yes")))
                .hasMessageContaining("strata.server.require-auth").hasMessageContaining("STRATA_REQUIRE_AUTH");
    }
}
