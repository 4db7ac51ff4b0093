package dev.strata.bootstrap.trading;

import dev.strata.application.trading.HistorySyncSettings;
import dev.strata.application.trading.TradingLimits;
import dev.strata.bootstrap.area.TestConfig;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TradingSettingsTest {

    @Test
    void the_defaults_are_the_specs_and_no_source_is_configured() {
        TradingSettings s = TradingSettings.from(TestConfig.defaults());

        assertThat(s.limits()).isEqualTo(TradingLimits.defaults());
        assertThat(s.sync()).isEqualTo(HistorySyncSettings.defaults());
        assertThat(s.sync().maxFailures()).isEqualTo(5);
        assertThat(s.sync().failureCooldown()).isEqualTo(Duration.ofMinutes(30));
        assertThat(s.sync().minInterval()).isEqualTo(Duration.ofMinutes(5));
        assertThat(s.source()).isEmpty();
    }

    @Test
    void every_value_has_its_variable_and_a_url_configures_the_source() {
        TradingSettings s = TradingSettings.from(TestConfig.with(Map.ofEntries(
                Map.entry("STRATA_TRADING_MAX_BATCH_SIZE", "10"),
                Map.entry("STRATA_TRADING_PROFILE_WINDOW_DAYS", "7"),
                Map.entry("STRATA_TRADING_TOP_SYMBOLS", "3"),
                Map.entry("STRATA_TRADING_SYNC_MIN_INTERVAL_MINUTES", "1"),
                Map.entry("STRATA_TRADING_SYNC_INTERVAL_MINUTES", "10"),
                Map.entry("STRATA_TRADING_SYNC_MAX_FAILURES", "2"),
                Map.entry("STRATA_TRADING_SYNC_FAILURE_COOLDOWN_MINUTES", "15"),
                Map.entry("STRATA_TRADING_SYNC_MAX_PAGES", "4"),
                Map.entry("STRATA_TRADING_SYNC_TENANTS", "default, desk-2"),
                Map.entry("STRATA_TRADING_SOURCE_URL", "https://history.example/api"),
                Map.entry("STRATA_TRADING_SOURCE_TOKEN", "s3cret"),
                Map.entry("STRATA_TRADING_SOURCE_SUB_ACCOUNTS_PATH", "/subs"),
                Map.entry("STRATA_TRADING_SOURCE_PERPS_FILLS_PATH", "/fills"),
                Map.entry("STRATA_TRADING_SOURCE_SPOT_ACTIVITIES_PATH", "/spot"),
                Map.entry("STRATA_TRADING_SOURCE_PAGE_SIZE", "100"),
                Map.entry("STRATA_TRADING_SOURCE_TIMEOUT_SECONDS", "9"))));

        assertThat(s.limits().maxBatchSize()).isEqualTo(10);
        assertThat(s.limits().profileWindow()).isEqualTo(Duration.ofDays(7));
        assertThat(s.limits().topSymbols()).isEqualTo(3);
        assertThat(s.sync()).isEqualTo(new HistorySyncSettings(Duration.ofMinutes(1), Duration.ofMinutes(10), 2,
                Duration.ofMinutes(15), 4, List.of(Tenant.DEFAULT, Tenant.of("desk-2"))));
        var source = s.source().orElseThrow();
        assertThat(source.baseUrl()).isEqualTo(URI.create("https://history.example/api"));
        assertThat(source.bearerToken()).isEqualTo(Optional.of("s3cret"));
        assertThat(List.of(source.subAccountsPath(), source.perpsFillsPath(), source.spotActivitiesPath()))
                .containsExactly("/subs", "/fills", "/spot");
        assertThat(source.pageSize()).isEqualTo(100);
        assertThat(source.requestTimeout()).isEqualTo(Duration.ofSeconds(9));
        assertThat(s.toString()).doesNotContain("s3cret");
    }

    @Test
    void bad_values_name_their_keys() {
        assertThatIllegalArgumentException().isThrownBy(() -> TradingSettings.from(TestConfig.with(Map.of(
                "STRATA_TRADING_SYNC_MAX_FAILURES", "0")))).withMessageContaining("strata.trading.sync-");
        assertThatIllegalArgumentException().isThrownBy(() -> TradingSettings.from(TestConfig.with(Map.of(
                "STRATA_TRADING_SYNC_TENANTS", "Not A Slug")))).withMessageContaining("strata.trading.sync-tenants");
        assertThatIllegalArgumentException().isThrownBy(() -> TradingSettings.from(TestConfig.with(Map.of(
                "STRATA_TRADING_SOURCE_URL", "ftp://x")))).withMessageContaining("strata.trading.source-");
        assertThatIllegalArgumentException().isThrownBy(() -> TradingSettings.from(TestConfig.with(Map.of(
                "STRATA_TRADING_PROFILE_WINDOW_DAYS", "0")))).withMessageContaining("strata.trading.max-batch-size");
    }
}
