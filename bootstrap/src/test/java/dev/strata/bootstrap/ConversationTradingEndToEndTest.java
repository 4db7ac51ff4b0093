package dev.strata.bootstrap;

import dev.strata.adapters.http.tradehistory.HistorySourceSettings;
import dev.strata.adapters.llm.chat.ChatModelSettings;
import dev.strata.adapters.llm.chat.ChatProvider;
import dev.strata.adapters.sqlite.SqliteFinancialProfileStore;
import dev.strata.application.trading.SyncReport;
import dev.strata.domain.MutableClock;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.TradingCursors;
import dev.strata.domain.personalization.UserId;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17 end to end: the whole server with a stub model (OpenAI protocol) and a stub history API,
 * both on 127.0.0.1. Messages in, personalization memories out and the cursor moved; fills synced
 * with paging and duplicates ignored; one sub-account failing five times skipped, then probed after
 * the cooldown; the trading summary rebuilt from three sources after a malformed answer left all
 * three cursors in place.
 */
class ConversationTradingEndToEndTest {

    private static final Instant T0 = Instant.parse("2026-03-02T09:00:00Z");
    private static final long MS = T0.toEpochMilli();

    @RegisterExtension
    final StrataServerExtension server = StrataServerExtension.startedByTest();

    private final MutableClock clock = new MutableClock(T0);
    private OpenAiStub model;
    private HistorySourceStub history;

    @BeforeEach
    void stubs() throws IOException {
        model = server.closeAfterStop(new OpenAiStub());
        history = server.closeAfterStop(new HistorySourceStub());
        for (int i = 0; i < 5; i++) {
            boolean close = i % 2 == 1;
            history.fill("sub-a", 7000 + i, MS - 3_600_000 + i * 60_000L, "BTC", close ? "A" : "B",
                    close ? "Close Long" : "Open Long", "0.1", close ? "62000" : "60000", close ? "200" : "0");
        }
        history.fill("sub-b", 8000, MS - 600_000, "kPEPE", "B", "Open Long", "1000", "0.01", "0");
        history.spot("0xswap", MS - 1_800_000, "USDC", "ETH", "1500");
        history.down.add("sub-b");
    }

    private void start() {
        server.start(s -> s
                .with(s.llm().withChat(ChatProvider.OPENAI, ChatModelSettings.of(model.baseUrl(), "stub-rebuilder",
                        Optional.empty())))
                .with(s.trading().withSource(Optional.of(HistorySourceSettings.at(history.base()).withPageSize(2)))),
                clock);
    }

    private JsonObject call(String method, String path, String body) {
        HttpResponse<String> res = server.http().send(method, path, body, null);
        assertThat(res.statusCode()).as("%s %s -> %s", method, path, res.body()).isBetween(200, 299);
        return Http.json(res);
    }

    private FinancialProfile profile() {
        return new SqliteFinancialProfileStore(server.strata().core().database()).find(Tenant.DEFAULT, UserId.DEFAULT)
                .orElseThrow();
    }

    private static JsonObject rebuild(JsonObject refreshed, String flow) {
        return refreshed.getJsonArray("rebuilds").getValuesAs(JsonObject.class).stream()
                .filter(r -> r.getString("flow").equals(flow)).findFirst().orElseThrow();
    }

    private static JsonObject key(JsonObject sync, String source, String sub) {
        return sync.getJsonArray("keys").getValuesAs(JsonObject.class).stream()
                .filter(k -> k.getString("source").equals(source) && k.getString("sub_account_id").equals(sub))
                .findFirst().orElseThrow();
    }

    /** The user message of the model request number {@code n} (0-based). */
    private String prompt(int n) {
        JsonObject body = Json.createReader(new StringReader(model.received().get(n))).readObject();
        JsonArray messages = body.getJsonArray("messages");
        return messages.getJsonObject(messages.size() - 1).getString("content");
    }

    @Test
    void chat_in_memories_out_fills_synced_a_failing_sub_account_skipped_and_the_summary_rebuilt_from_three_sources() {
        start();
        JsonObject appended = call("POST", "/v1/conversations/chat-1/messages", """
                {"messages": [
                  {"id": "m1", "role": "user", "content": "I only trade BTC perps and never use more than 3x"},
                  {"id": "m2", "role": "assistant", "content": "Understood."}]}""");
        assertThat(appended.getInt("inserted")).isEqualTo(2);
        long lastSeq = call("GET", "/v1/conversations/chat-1", null).getJsonArray("messages").getJsonObject(1)
                .getJsonNumber("seq").longValueExact();

        // Refresh 1: the summary's answer is malformed twice (first reply and the client's repair retry).
        model.answers("{\"platform_wallet_summary\": \"half\"}").answers("{}")
                .answers("{\"facts\": [{\"content\": \"The user only trades BTC perps.\"},"
                        + " {\"content\": \"The user never uses more than 3x leverage.\"}]}")
                .answers("{\"tags\": [{\"dimension\": \"risk\", \"values\": [\"balanced\"]}]}");
        JsonObject first = call("POST", "/v1/profile/refresh", "{}");

        JsonObject sync = first.getJsonObject("sync");
        assertThat(key(sync, "perps_fills", "sub-a").getInt("pages")).isEqualTo(3);
        assertThat(key(sync, "perps_fills", "sub-a").getInt("inserted")).isEqualTo(5);
        assertThat(key(sync, "perps_fills", "sub-b").getString("status")).isEqualTo("failed");
        // The sync's writes are in the audit trail, by its job, one entry per key that stored rows.
        assertThat(call("GET", "/v1/audit?action=trade_mirror.sync", null).getJsonArray("entries")
                .getValuesAs(JsonObject.class)).extracting(e -> e.getString("subject"), e -> e.getString("detail"),
                        e -> e.getString("actor"))
                .containsExactly(org.assertj.core.groups.Tuple.tuple("sync:spot_activities", "1 new row over 1 page",
                                "system:trade-sync"),
                        org.assertj.core.groups.Tuple.tuple("sync:perps_fills/sub-a", "5 new rows over 3 pages",
                                "system:trade-sync"));
        assertThat(key(sync, "spot_activities", "").getInt("inserted")).isEqualTo(1);
        assertThat(rebuild(first, "trading_summary").getString("status")).isEqualTo("failed");
        assertThat(rebuild(first, "trading_summary").getString("detail")).contains("did not parse");
        assertThat(profile().tradingCursors()).isEqualTo(TradingCursors.NONE);
        assertThat(profile().platformWalletSummary()).isEmpty();
        assertThat(rebuild(first, "memories").getString("status")).isEqualTo("rebuilt");
        assertThat(rebuild(first, "tags").getString("status")).isEqualTo("rebuilt");
        assertThat(rebuild(first, "markets").getString("detail")).contains("crypto_majors");
        assertThat(profile().lastIndexedChatId()).contains(Long.toString(lastSeq));
        JsonArray memories = call("GET", "/v1/memory?category=personalization", null).getJsonArray("memories");
        assertThat(memories.getValuesAs(JsonObject.class)).extracting(m -> m.getString("content"))
                .containsExactlyInAnyOrder("The user only trades BTC perps.", "The user never uses more than 3x leverage.");
        assertThat(memories.getValuesAs(JsonObject.class)).allSatisfy(m ->
                assertThat(m.getString("source")).isEqualTo("chat_extracted"));
        String malformedWindow = prompt(0);
        assertThat(malformedWindow).contains("PERPS FILLS (new)").contains("swap USDC -> ETH");

        // An in-session trade: its event finds the sync throttled and the summary cooling down (no model call).
        call("POST", "/v1/trades", """
                {"asset": "ETH", "asset_class": "crypto_major", "side": "long", "size": 1, "entry_price": 3000}""");

        // Refresh 2: the same window plus the trade, now answered; re-fetched fills are ignored.
        model.answers("{\"platform_wallet_summary\": \"Trades BTC perps hourly, small size.\","
                + " \"spot_breakdown\": \"Swapped USDC into ETH once.\","
                + " \"perps_breakdown\": \"Scalps BTC longs, 2 of 2 closes won.\","
                + " \"reference_wallets_summary\": \"\"}");
        JsonObject second = call("POST", "/v1/profile/refresh", "{}");

        assertThat(key(second.getJsonObject("sync"), "perps_fills", "sub-a").getInt("inserted")).isZero();
        assertThat(key(second.getJsonObject("sync"), "perps_fills", "sub-a").getInt("fetched")).isEqualTo(1);
        assertThat(rebuild(second, "trading_summary").getString("status")).isEqualTo("rebuilt");
        assertThat(profile().platformWalletSummary()).contains("Trades BTC perps hourly, small size.\n"
                + "Spot: Swapped USDC into ETH once.\nPerps: Scalps BTC longs, 2 of 2 closes won.");
        TradingCursors seen = profile().tradingCursors();
        assertThat(seen.lastTradeIdSeen()).isPresent();
        assertThat(seen.lastPerpsFillIdSeen()).contains("5");
        assertThat(seen.lastExternalSpotIdSeen()).contains("1");
        String answered = prompt(model.received().size() - 1);
        assertThat(answered).contains(malformedWindow.substring(malformedWindow.indexOf("PERPS FILLS (new)"),
                malformedWindow.indexOf("30-DAY"))).contains("long ETH");
        assertThat(rebuild(second, "memories").getString("detail")).contains("no chat messages after the cursor");
        assertThat(model.unanswered()).isZero();

        // sub-b has failed twice; the safety tick takes it to five, then skips it until the cooldown has passed.
        var sync3 = server.strata().core().trading().sync();
        for (int failures = 3; failures <= 5; failures++) {
            clock.advance(Duration.ofMinutes(6));
            sync3.runIfStale();
        }
        JsonObject b = state("sub-b");
        assertThat(b.getInt("consecutive_failures")).isEqualTo(5);
        assertThat(b.getBoolean("skipped")).isTrue();
        int probesBefore = (int) history.fillQueries.stream().filter(q -> "sub-b".equals(q.get("sub_account_id"))).count();
        clock.advance(Duration.ofMinutes(6));
        List<SyncReport> skipped = sync3.runIfStale();
        assertThat(skipped.getFirst().keys()).filteredOn(k -> k.key().subAccount().value().equals("sub-b"))
                .extracting(SyncReport.KeyReport::status).containsExactly(SyncReport.Status.SKIPPED);
        assertThat(history.fillQueries.stream().filter(q -> "sub-b".equals(q.get("sub_account_id"))).count())
                .isEqualTo(probesBefore);

        history.down.clear();
        clock.set(Instant.parse(b.getString("last_synced_at")).plus(Duration.ofMinutes(30)));
        sync3.runIfStale();
        JsonObject healed = state("sub-b");
        assertThat(healed.getInt("consecutive_failures")).isZero();
        assertThat(healed.getBoolean("skipped")).isFalse();
        assertThat(call("GET", "/v1/trading/trades?asset=kpepe", null).getJsonArray("trades")).hasSize(1);
        assertThat(call("GET", "/v1/trading/profile", null).getInt("trades")).isEqualTo(6);
        assertThat(state("sub-a").getInt("consecutive_failures")).isZero();
    }

    private JsonObject state(String sub) {
        return call("GET", "/v1/trading/sync-state", null).getJsonArray("states").getValuesAs(JsonObject.class).stream()
                .filter(s -> s.getString("sub_account_id").equals(sub)).findFirst().orElseThrow();
    }

    @Test
    void with_rebuilding_switched_off_the_refresh_still_syncs_and_says_the_flows_are_off() {
        server.start(s -> s.with(s.trading().withSource(Optional.of(HistorySourceSettings.at(history.base())
                .withPageSize(2)))).with(s.rebuild().withPolicy(s.rebuild().policy().withEnabled(false))), clock);

        JsonObject refreshed = call("POST", "/v1/profile/refresh", null);

        assertThat(refreshed.getJsonObject("sync").getInt("inserted")).isEqualTo(6);
        assertThat(refreshed.getJsonArray("rebuilds").getValuesAs(JsonObject.class)).allSatisfy(r -> {
            assertThat(r.getString("status")).isEqualTo("skipped");
            assertThat(r.getString("detail")).contains("MINARA_PERSONALIZATION_REBUILD=disabled");
        });
        assertThat(server.strata().core().jobs()).extracting(j -> j.what())
                .noneMatch(what -> what.contains("rebuild") || what.contains("markets"));
    }
}
