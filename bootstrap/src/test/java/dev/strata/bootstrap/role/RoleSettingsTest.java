package dev.strata.bootstrap.role;

import dev.strata.bootstrap.area.TestConfig;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RoleSettingsTest {

    private static RoleSettings load(Map<String, String> env) {
        return RoleSettings.from(TestConfig.with(env));
    }

    @Test
    void the_shipped_file_holds_the_defaults_and_the_roles_live_under_the_data_directory() {
        RoleSettings s = load(Map.of());

        assertThat(s).isEqualTo(RoleSettings.defaults());
        assertThat(s.directoryUnder(Path.of("/srv/data"))).isEqualTo(Path.of("/srv/data/roles"));
    }

    @Test
    void every_value_has_its_variable() {
        RoleSettings s = load(Map.ofEntries(
                Map.entry("STRATA_ROLES_DIR", "/etc/strata/roles"),
                Map.entry("STRATA_ROLES_REFLECT_BATCH_SIZE", "5"),
                Map.entry("STRATA_ROLES_CRON_ZONE", "Europe/Berlin"),
                Map.entry("STRATA_ROLES_PRICE_TOLERANCE_MINUTES", "15"),
                Map.entry("STRATA_ROLES_PRICE_URL", "https://prices.example/{asset}?at={at}"),
                Map.entry("STRATA_ROLES_CALLBACK_TOKEN", "t0ken"),
                Map.entry("STRATA_ROLES_CALLBACK_TIMEOUT_MS", "2500"),
                Map.entry("STRATA_ROLES_PROBES", "relative_performance=http://127.0.0.1:9/probe"),
                Map.entry("STRATA_ROLES_SOURCES", "newswire=https://news.example/q, get_price=http://127.0.0.1:9/p"),
                Map.entry("STRATA_ROLES_PRICE_RETENTION_DAYS", "30"),
                Map.entry("STRATA_ROLES_CRON_TICK_SECONDS", "30"),
                Map.entry("STRATA_ROLES_EMBEDDING_CATCH_UP_INTERVAL_MINUTES", "2"),
                Map.entry("STRATA_ROLES_SESSION_LESSONS", "3")));

        assertThat(s).isEqualTo(new RoleSettings(Optional.of(Path.of("/etc/strata/roles")), 5,
                ZoneId.of("Europe/Berlin"), Duration.ofMinutes(15), Optional.of("https://prices.example/{asset}?at={at}"),
                Optional.of("t0ken"), Duration.ofMillis(2500),
                Map.of("relative_performance", URI.create("http://127.0.0.1:9/probe")),
                Map.of("newswire", URI.create("https://news.example/q"), "get_price", URI.create("http://127.0.0.1:9/p")),
                Duration.ofDays(30), Duration.ofSeconds(30), Duration.ofMinutes(2), 3));
        assertThat(s.directoryUnder(Path.of("/srv/data"))).isEqualTo(Path.of("/etc/strata/roles"));
        assertThat(s.toString()).doesNotContain("t0ken");
    }

    @Test
    void a_bad_value_names_its_key_and_variable() {
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_ROLES_SESSION_LESSONS", "0")))
                .withMessageContaining("strata.roles.session-lessons (STRATA_ROLES_SESSION_LESSONS)");
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_ROLES_CRON_ZONE", "Mars/Olympus")))
                .withMessageContaining("strata.roles.cron-zone (STRATA_ROLES_CRON_ZONE)");
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_ROLES_PROBES", "x=ftp://a/b")))
                .withMessageContaining("strata.roles.probes (STRATA_ROLES_PROBES)");
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_ROLES_SOURCES", "a=http://x,a=http://y")))
                .withMessageContaining("strata.roles.sources (STRATA_ROLES_SOURCES)");
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_ROLES_REFLECT_BATCH_SIZE", "0")))
                .withMessageContaining("strata.roles.reflect-batch-size (STRATA_ROLES_REFLECT_BATCH_SIZE)");
    }
}
