package dev.strata.bootstrap.personalization;

import dev.strata.application.personalization.PersonalizationPolicy;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The personalization area: {@code strata.personalization.*} (intent gating keeps the spec's variable,
 * {@code CHAT_INTENT_GATING_ENABLED}).
 *
 * @param policy          cooldowns, grace window, recent memories and the intent-gating switches
 * @param capitalInterval how often the job recomputes every user's capital (each behind its cooldown)
 * @param portfolioUrl    the portfolio service a recompute reads ({@code GET <url>?tenant=&user_id=}); empty: none,
 *                        capital then comes from pushed readings only
 * @param portfolioTimeout how long a read of the portfolio service may take
 */
public record PersonalizationSettings(PersonalizationPolicy policy, Duration capitalInterval,
                                      Optional<URI> portfolioUrl, Duration portfolioTimeout) implements AreaSettings {

    static final ConfigKey INTENT_GATING =
            new ConfigKey("strata.personalization.intent-gating-enabled", "CHAT_INTENT_GATING_ENABLED");
    static final ConfigKey INTENT_MODEL_PASS = new ConfigKey("strata.personalization.intent-model-pass",
            "STRATA_PERSONALIZATION_INTENT_MODEL_PASS");
    static final ConfigKey RECENT_MEMORIES = new ConfigKey("strata.personalization.recent-memories",
            "STRATA_PERSONALIZATION_RECENT_MEMORIES");
    static final ConfigKey TRADING_SUMMARY_COOLDOWN = new ConfigKey(
            "strata.personalization.trading-summary-cooldown-minutes",
            "STRATA_PERSONALIZATION_TRADING_SUMMARY_COOLDOWN_MINUTES");
    static final ConfigKey TAGS_COOLDOWN = new ConfigKey("strata.personalization.tags-cooldown-days",
            "STRATA_PERSONALIZATION_TAGS_COOLDOWN_DAYS");
    static final ConfigKey MEMORIES_COOLDOWN = new ConfigKey("strata.personalization.memories-cooldown-minutes",
            "STRATA_PERSONALIZATION_MEMORIES_COOLDOWN_MINUTES");
    static final ConfigKey CAPITAL_COOLDOWN = new ConfigKey("strata.personalization.capital-cooldown-minutes",
            "STRATA_PERSONALIZATION_CAPITAL_COOLDOWN_MINUTES");
    static final ConfigKey CAPITAL_RETRY = new ConfigKey("strata.personalization.capital-retry-minutes",
            "STRATA_PERSONALIZATION_CAPITAL_RETRY_MINUTES");
    static final ConfigKey CAPITAL_INTERVAL = new ConfigKey("strata.personalization.capital-interval-minutes",
            "STRATA_PERSONALIZATION_CAPITAL_INTERVAL_MINUTES");
    static final ConfigKey PORTFOLIO_URL = new ConfigKey("strata.personalization.portfolio-url", "STRATA_PORTFOLIO_URL");
    static final ConfigKey PORTFOLIO_TIMEOUT = new ConfigKey("strata.personalization.portfolio-timeout-ms",
            "STRATA_PORTFOLIO_TIMEOUT_MS");
    static final ConfigKey STRATEGY_GRACE = new ConfigKey("strata.personalization.strategy-grace-seconds",
            "STRATA_PERSONALIZATION_STRATEGY_GRACE_SECONDS");

    public PersonalizationSettings {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(capitalInterval, "capitalInterval");
        if (!capitalInterval.isPositive()) {
            throw CAPITAL_INTERVAL.invalid("positive", capitalInterval.toMinutes());
        }
        Objects.requireNonNull(portfolioUrl, "portfolioUrl");
        portfolioUrl.filter(u -> !"http".equals(u.getScheme()) && !"https".equals(u.getScheme())).ifPresent(u -> {
            throw PORTFOLIO_URL.invalid("an http or https URL", u);
        });
        Objects.requireNonNull(portfolioTimeout, "portfolioTimeout");
        if (!portfolioTimeout.isPositive()) {
            throw PORTFOLIO_TIMEOUT.invalid("positive", portfolioTimeout.toMillis());
        }
    }

    public static PersonalizationSettings defaults() {
        return new PersonalizationSettings(PersonalizationPolicy.defaults(), Duration.ofHours(24), Optional.empty(),
                Duration.ofSeconds(5));
    }

    public static PersonalizationSettings from(ConfigReader config) {
        boolean gating = config.bool(INTENT_GATING);
        boolean modelPass = config.bool(INTENT_MODEL_PASS);
        int recent = config.integer(RECENT_MEMORIES);
        Duration summary = config.minutes(TRADING_SUMMARY_COOLDOWN);
        Duration tags = config.days(TAGS_COOLDOWN);
        Duration memories = config.minutes(MEMORIES_COOLDOWN);
        Duration capitalCooldown = config.minutes(CAPITAL_COOLDOWN);
        Duration capitalRetry = config.minutes(CAPITAL_RETRY);
        Duration grace = config.seconds(STRATEGY_GRACE);
        String keys = String.join(", ", java.util.stream.Stream.of(RECENT_MEMORIES, TRADING_SUMMARY_COOLDOWN,
                TAGS_COOLDOWN, MEMORIES_COOLDOWN, CAPITAL_COOLDOWN, CAPITAL_RETRY, STRATEGY_GRACE)
                .map(ConfigKey::toString).toList());
        PersonalizationPolicy policy = ConfigKey.checking(keys, () -> new PersonalizationPolicy(summary, tags, memories,
                capitalCooldown, capitalRetry, grace, recent, gating, modelPass));
        return new PersonalizationSettings(policy, config.minutes(CAPITAL_INTERVAL), config.optionalUrl(PORTFOLIO_URL),
                config.millis(PORTFOLIO_TIMEOUT));
    }

    public PersonalizationSettings withPolicy(PersonalizationPolicy newPolicy) {
        return new PersonalizationSettings(newPolicy, capitalInterval, portfolioUrl, portfolioTimeout);
    }
}
