package dev.strata.bootstrap.conversation;

import dev.strata.bootstrap.area.TestConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ConversationSettingsTest {

    @Test
    void messages_are_kept_ninety_days_and_purged_hourly_by_default() {
        assertThat(ConversationSettings.from(TestConfig.defaults())).isEqualTo(ConversationSettings.defaults());
    }

    @Test
    void zero_retention_days_keeps_messages_until_deleted() {
        ConversationSettings s = ConversationSettings.from(TestConfig.with(Map.of(
                "STRATA_CONVERSATION_RETENTION_DAYS", "0", "STRATA_CONVERSATION_PURGE_INTERVAL_MINUTES", "5")));

        assertThat(s.retention()).isEmpty();
        assertThat(s.purgeInterval()).isEqualTo(Duration.ofMinutes(5));
        assertThat(ConversationSettings.from(TestConfig.with(Map.of("STRATA_CONVERSATION_RETENTION_DAYS", "7")))
                .retention()).isEqualTo(Optional.of(Duration.ofDays(7)));
    }

    @Test
    void bad_values_name_their_key() {
        assertThatIllegalArgumentException().isThrownBy(() -> ConversationSettings.from(TestConfig.with(Map.of(
                "STRATA_CONVERSATION_RETENTION_DAYS", "-1")))).withMessageContaining("strata.conversation.retention-days");
        assertThatIllegalArgumentException().isThrownBy(() -> ConversationSettings.from(TestConfig.with(Map.of(
                "STRATA_CONVERSATION_PURGE_INTERVAL_MINUTES", "0"))))
                .withMessageContaining("strata.conversation.purge-interval-minutes");
    }
}
