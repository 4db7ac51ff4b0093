package dev.strata.bootstrap.trading;

import dev.strata.adapters.http.tradehistory.HistorySourceSettings;
import dev.strata.application.trading.HistorySyncSettings;
import dev.strata.application.trading.TradingLimits;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;
import dev.strata.domain.memory.Tenant;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The off-agent trade mirror: {@code strata.trading.*}. The limits and the sync's rules are the
 * application's records (which check themselves); the history source is configured by its URL
 * (empty: none, and pushes are the only way in).
 *
 * @param limits the largest pushed batch, the profile's window and top list, {@code search_user_trades}' page
 * @param sync   throttle, safety tick, failure skip and cooldown, pages per run, tenants the tick covers
 * @param source where the history API lives, when there is one
 */
public record TradingSettings(TradingLimits limits, HistorySyncSettings sync, Optional<HistorySourceSettings> source)
        implements AreaSettings {

    static final ConfigKey MAX_BATCH_SIZE = new ConfigKey("strata.trading.max-batch-size", "STRATA_TRADING_MAX_BATCH_SIZE");
    static final ConfigKey PROFILE_WINDOW_DAYS =
            new ConfigKey("strata.trading.profile-window-days", "STRATA_TRADING_PROFILE_WINDOW_DAYS");
    static final ConfigKey TOP_SYMBOLS = new ConfigKey("strata.trading.top-symbols", "STRATA_TRADING_TOP_SYMBOLS");
    static final ConfigKey SYNC_MIN_INTERVAL =
            new ConfigKey("strata.trading.sync-min-interval-minutes", "STRATA_TRADING_SYNC_MIN_INTERVAL_MINUTES");
    static final ConfigKey SYNC_INTERVAL =
            new ConfigKey("strata.trading.sync-interval-minutes", "STRATA_TRADING_SYNC_INTERVAL_MINUTES");
    static final ConfigKey SYNC_MAX_FAILURES =
            new ConfigKey("strata.trading.sync-max-failures", "STRATA_TRADING_SYNC_MAX_FAILURES");
    static final ConfigKey SYNC_FAILURE_COOLDOWN = new ConfigKey("strata.trading.sync-failure-cooldown-minutes",
            "STRATA_TRADING_SYNC_FAILURE_COOLDOWN_MINUTES");
    static final ConfigKey SYNC_MAX_PAGES = new ConfigKey("strata.trading.sync-max-pages", "STRATA_TRADING_SYNC_MAX_PAGES");
    static final ConfigKey SYNC_TENANTS = new ConfigKey("strata.trading.sync-tenants", "STRATA_TRADING_SYNC_TENANTS");
    static final ConfigKey SOURCE_URL = new ConfigKey("strata.trading.source-url", "STRATA_TRADING_SOURCE_URL");
    static final ConfigKey SOURCE_TOKEN = new ConfigKey("strata.trading.source-token", "STRATA_TRADING_SOURCE_TOKEN");
    static final ConfigKey SOURCE_SUB_ACCOUNTS_PATH = new ConfigKey("strata.trading.source-sub-accounts-path",
            "STRATA_TRADING_SOURCE_SUB_ACCOUNTS_PATH");
    static final ConfigKey SOURCE_PERPS_FILLS_PATH = new ConfigKey("strata.trading.source-perps-fills-path",
            "STRATA_TRADING_SOURCE_PERPS_FILLS_PATH");
    static final ConfigKey SOURCE_SPOT_ACTIVITIES_PATH = new ConfigKey("strata.trading.source-spot-activities-path",
            "STRATA_TRADING_SOURCE_SPOT_ACTIVITIES_PATH");
    static final ConfigKey SOURCE_PAGE_SIZE =
            new ConfigKey("strata.trading.source-page-size", "STRATA_TRADING_SOURCE_PAGE_SIZE");
    static final ConfigKey SOURCE_TIMEOUT =
            new ConfigKey("strata.trading.source-timeout-seconds", "STRATA_TRADING_SOURCE_TIMEOUT_SECONDS");

    public TradingSettings {
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(sync, "sync");
        Objects.requireNonNull(source, "source");
    }

    public static TradingSettings defaults() {
        return new TradingSettings(TradingLimits.defaults(), HistorySyncSettings.defaults(), Optional.empty());
    }

    public static TradingSettings from(ConfigReader config) {
        int batch = config.integer(MAX_BATCH_SIZE);
        Duration window = config.days(PROFILE_WINDOW_DAYS);
        int top = config.integer(TOP_SYMBOLS);
        TradingLimits limits = ConfigKey.checking("strata.trading.max-batch-size, profile-window-days, top-symbols",
                () -> new TradingLimits(batch, window, top, TradingLimits.defaults().defaultTradesLimit(),
                        TradingLimits.defaults().maxTradesLimit()));
        Duration minInterval = config.minutes(SYNC_MIN_INTERVAL);
        Duration tick = config.minutes(SYNC_INTERVAL);
        int maxFailures = config.integer(SYNC_MAX_FAILURES);
        Duration cooldown = config.minutes(SYNC_FAILURE_COOLDOWN);
        int maxPages = config.integer(SYNC_MAX_PAGES);
        List<Tenant> tenants = config.parse(SYNC_TENANTS, "comma-separated tenant slugs",
                raw -> Arrays.stream(raw.split(",")).map(String::strip).filter(t -> !t.isEmpty()).map(t -> {
                    try {
                        return Tenant.of(t);
                    } catch (RuntimeException e) {
                        throw new IllegalArgumentException(t, e);
                    }
                }).toList());
        HistorySyncSettings sync = ConfigKey.checking("strata.trading.sync-*",
                () -> new HistorySyncSettings(minInterval, tick, maxFailures, cooldown, maxPages, tenants));
        Optional<URI> url = config.optionalUrl(SOURCE_URL);
        Optional<String> token = config.optional(SOURCE_TOKEN);
        String subAccounts = config.string(SOURCE_SUB_ACCOUNTS_PATH);
        String fills = config.string(SOURCE_PERPS_FILLS_PATH);
        String spot = config.string(SOURCE_SPOT_ACTIVITIES_PATH);
        int pageSize = config.integer(SOURCE_PAGE_SIZE);
        Duration timeout = config.seconds(SOURCE_TIMEOUT);
        Optional<HistorySourceSettings> source = url.map(u -> ConfigKey.checking("strata.trading.source-*",
                () -> new HistorySourceSettings(u, subAccounts, fills, spot, token, Duration.ofSeconds(5), timeout,
                        pageSize)));
        return new TradingSettings(limits, sync, source);
    }

    public TradingSettings withSource(Optional<HistorySourceSettings> value) {
        return new TradingSettings(limits, sync, value);
    }

    public TradingSettings withSync(HistorySyncSettings value) {
        return new TradingSettings(limits, value, source);
    }

    /** Never prints the source's token. */
    @Override
    public String toString() {
        return "TradingSettings[limits=" + limits + ", sync=" + sync + ", source=" + source + "]";
    }
}
