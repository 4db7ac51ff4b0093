package dev.strata.adapters.sqlite;

import dev.strata.application.vault.SecretRedactionPolicy;
import dev.strata.domain.conversation.ConversationId;
import dev.strata.domain.conversation.MessageId;
import dev.strata.domain.conversation.MessageRole;
import dev.strata.domain.conversation.NewMessage;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.trading.FillSide;
import dev.strata.domain.trading.FillUid;
import dev.strata.domain.trading.PerpsFill;
import dev.strata.domain.trading.SpotActivity;
import dev.strata.domain.trading.SubAccountId;
import dev.strata.domain.trading.SyncKey;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.RedactionReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The redaction sweep reaches issue 17's stored text: conversation messages, the mirror's raw JSON and
 * labels, and the sync's last error. A secret set after they were stored leaves every row, and the
 * mirror still knows a redacted row when the source sends it again.
 */
class ConversationMirrorRedactionTest {

    private static final Tenant ACME = Tenant.of("acme");
    private static final String SECRET = "sk-live-CONVO0123456789";
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @TempDir
    Path dir;

    @Test
    void a_secret_set_after_messages_fills_spot_rows_and_sync_errors_were_stored_leaves_them_all() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteConversationStore conversations = new SqliteConversationStore(db);
            conversations.append(ACME, ConversationId.of("chat-1"), UserId.DEFAULT, List.of(
                    new NewMessage(MessageId.of("m1"), MessageRole.USER, "my key is " + SECRET + ", keep it", T0),
                    new NewMessage(MessageId.of("m2"), MessageRole.ASSISTANT, "noted, nothing secret here", T0)), T0);
            SqlitePerpsFillStore fills = new SqlitePerpsFillStore(db);
            PerpsFill fill = fillWithRawJson("{\"coin\":\"BTC\",\"note\":\"" + SECRET + "\"}");
            assertThat(fills.insertAll(ACME, List.of(fill), T0)).isEqualTo(1);
            SqliteSpotActivityStore spot = new SqliteSpotActivityStore(db);
            spot.insertAll(ACME, List.of(new SpotActivity(ACME, "0xtx1", T0, "swap", Optional.of("USDC"),
                    Optional.of("ETH"), Optional.of("10"), Optional.empty(), "completed",
                    Optional.of("{\"memo\":\"" + SECRET + "\"}"))), T0);
            SqliteSyncStateStore states = new SqliteSyncStateStore(db);
            states.recordFailure(ACME, SyncKey.perps(SubAccountId.of("sub-1")), "401 for token " + SECRET, T0);
            CredentialScrubber scrubber = new CredentialScrubber();
            scrubber.register(ACME, "EXCHANGE_KEY", SECRET);

            RedactionReport report = new SqliteStoredTextRedaction(db, TempDatabase.CLOCK)
                    .redactAll(new SecretRedactionPolicy(scrubber, new EdgeExtractor(new FinanceEntityExtractor())));

            assertThat(report.rowsByTable()).containsEntry("conversation_messages", 1).containsEntry("perps_fills", 1)
                    .containsEntry("external_spot_activities", 1).containsEntry("history_sync_state", 1);
            for (String sql : List.of("SELECT content FROM conversation_messages", "SELECT raw_json FROM perps_fills",
                    "SELECT raw_json FROM external_spot_activities", "SELECT last_error FROM history_sync_state")) {
                assertThat(TempDatabase.column(db, sql)).as(sql).isNotEmpty().noneMatch(t -> t.contains(SECRET));
            }
            assertThat(TempDatabase.column(db, "SELECT content FROM conversation_messages ORDER BY seq"))
                    .containsExactly("my key is [REDACTED:vault:EXCHANGE_KEY], keep it", "noted, nothing secret here");
            assertThat(TempDatabase.column(db, "SELECT raw_json FROM perps_fills"))
                    .containsExactly("{\"coin\":\"BTC\",\"note\":\"[REDACTED:vault:EXCHANGE_KEY]\"}");
            assertThat(fills.insertAll(ACME, List.of(fill), T0)).as("the dedup key was derived from the JSON as sent")
                    .isZero();
        }
    }

    /** A fill without tid or hash: its uid is the sha1 of the raw JSON, as the source sent it. */
    private static PerpsFill fillWithRawJson(String raw) {
        return new PerpsFill(ACME, SubAccountId.of("sub-1"), Optional.empty(), "o-1", T0, "BTC", FillSide.BUY,
                Optional.of("Open Long"), BigDecimal.ONE, new BigDecimal("60000"), BigDecimal.ZERO, BigDecimal.ZERO,
                Optional.of(raw), FillUid.derive(Optional.empty(), Optional.empty(), raw));
    }
}
