package dev.strata.bootstrap.conversation;

import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Conversations: {@code strata.conversation.*}. Content limits and batch size are the memory
 * area's ({@code strata.memory.*}), so one configuration bounds every stored text.
 *
 * @param retention     how long stored messages are kept; empty (0 days) keeps them until deleted
 * @param purgeInterval how often the retention purge runs
 */
public record ConversationSettings(Optional<Duration> retention, Duration purgeInterval) implements AreaSettings {

    static final ConfigKey RETENTION_DAYS =
            new ConfigKey("strata.conversation.retention-days", "STRATA_CONVERSATION_RETENTION_DAYS");
    static final ConfigKey PURGE_INTERVAL =
            new ConfigKey("strata.conversation.purge-interval-minutes", "STRATA_CONVERSATION_PURGE_INTERVAL_MINUTES");

    public ConversationSettings {
        Objects.requireNonNull(retention, "retention");
        retention.ifPresent(r -> {
            if (!r.isPositive()) {
                throw RETENTION_DAYS.invalid("positive, or 0 to keep messages until deleted", r.toDays());
            }
        });
        Objects.requireNonNull(purgeInterval, "purgeInterval");
        if (!purgeInterval.isPositive()) {
            throw PURGE_INTERVAL.invalid("positive", purgeInterval.toMinutes());
        }
    }

    public static ConversationSettings defaults() {
        return new ConversationSettings(Optional.of(Duration.ofDays(90)), Duration.ofMinutes(60));
    }

    public static ConversationSettings from(ConfigReader config) {
        long days = config.longValue(RETENTION_DAYS);
        if (days < 0) {
            throw RETENTION_DAYS.invalid("0 or more days", days);
        }
        return new ConversationSettings(days == 0 ? Optional.empty() : Optional.of(Duration.ofDays(days)),
                config.minutes(PURGE_INTERVAL));
    }

    public ConversationSettings withRetention(Optional<Duration> value) {
        return new ConversationSettings(value, purgeInterval);
    }
}
