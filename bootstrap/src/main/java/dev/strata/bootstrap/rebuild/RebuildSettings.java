package dev.strata.bootstrap.rebuild;

import dev.strata.application.personalization.rebuild.RebuildPolicy;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * The personalization rebuild flows: {@code strata.rebuild.*}. {@code enabled} is spec 04's switch,
 * {@code MINARA_PERSONALIZATION_REBUILD=disabled}; the gate, bounds and markets periods are the
 * application's {@link RebuildPolicy}; the sweep period is the module's (each flow's cooldown
 * decides whether a visit does anything). The three flows' cooldowns are the personalization area's
 * ({@code strata.personalization.*-cooldown-*}): the module takes them from there, so each is
 * configured once.
 *
 * @param policy        cooldowns, the trading summary's threshold, per-run bounds, rebuild on boot
 * @param sweepInterval how often the sweep visits everyone a flow may be due for
 */
public record RebuildSettings(RebuildPolicy policy, Duration sweepInterval) implements AreaSettings {

    static final ConfigKey ENABLED = new ConfigKey("strata.rebuild.enabled", "MINARA_PERSONALIZATION_REBUILD");
    static final ConfigKey MARKETS_INTERVAL =
            new ConfigKey("strata.rebuild.markets-interval-minutes", "STRATA_REBUILD_MARKETS_INTERVAL_MINUTES");
    static final ConfigKey MARKETS_NUDGE_COOLDOWN = new ConfigKey("strata.rebuild.markets-nudge-cooldown-minutes",
            "STRATA_REBUILD_MARKETS_NUDGE_COOLDOWN_MINUTES");
    static final ConfigKey TRADING_SUMMARY_THRESHOLD = new ConfigKey("strata.rebuild.trading-summary-threshold",
            "STRATA_REBUILD_TRADING_SUMMARY_THRESHOLD");
    static final ConfigKey MAX_MESSAGES = new ConfigKey("strata.rebuild.max-messages", "STRATA_REBUILD_MAX_MESSAGES");
    static final ConfigKey MAX_SOURCE_ITEMS =
            new ConfigKey("strata.rebuild.max-source-items", "STRATA_REBUILD_MAX_SOURCE_ITEMS");
    static final ConfigKey MAX_FACTS = new ConfigKey("strata.rebuild.max-facts", "STRATA_REBUILD_MAX_FACTS");
    static final ConfigKey ON_BOOT = new ConfigKey("strata.rebuild.on-boot", "STRATA_REBUILD_ON_BOOT");
    static final ConfigKey SWEEP_INTERVAL =
            new ConfigKey("strata.rebuild.sweep-interval-minutes", "STRATA_REBUILD_SWEEP_INTERVAL_MINUTES");

    public RebuildSettings {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(sweepInterval, "sweepInterval");
        if (!sweepInterval.isPositive()) {
            throw SWEEP_INTERVAL.invalid("positive", sweepInterval.toMinutes());
        }
    }

    public static RebuildSettings defaults() {
        return new RebuildSettings(RebuildPolicy.defaults(), Duration.ofMinutes(5));
    }

    public static RebuildSettings from(ConfigReader config) {
        boolean enabled = config.parse(ENABLED, "enabled or disabled", raw -> switch (raw.strip().toLowerCase(Locale.ROOT)) {
            case "enabled", "true" -> true;
            case "disabled", "false" -> false;
            default -> throw new IllegalArgumentException(raw);
        });
        Duration markets = config.minutes(MARKETS_INTERVAL);
        Duration nudge = config.minutes(MARKETS_NUDGE_COOLDOWN);
        int threshold = config.integer(TRADING_SUMMARY_THRESHOLD);
        int messages = config.integer(MAX_MESSAGES);
        int items = config.integer(MAX_SOURCE_ITEMS);
        int facts = config.integer(MAX_FACTS);
        boolean onBoot = config.bool(ON_BOOT);
        RebuildPolicy defaults = RebuildPolicy.defaults();
        RebuildPolicy policy = ConfigKey.checking("strata.rebuild.*", () -> new RebuildPolicy(enabled,
                defaults.memoriesCooldown(), defaults.tradingSummaryCooldown(), defaults.tagsCooldown(), markets, nudge,
                threshold, messages, items, facts, onBoot));
        return new RebuildSettings(policy, config.minutes(SWEEP_INTERVAL));
    }

    public RebuildSettings withPolicy(RebuildPolicy value) {
        return new RebuildSettings(value, sweepInterval);
    }
}
