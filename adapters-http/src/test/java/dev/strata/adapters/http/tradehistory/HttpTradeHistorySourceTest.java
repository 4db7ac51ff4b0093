package dev.strata.adapters.http.tradehistory;

import dev.strata.application.trading.HistorySyncService;
import dev.strata.application.trading.HistorySyncSettings;
import dev.strata.application.trading.SyncReport;
import dev.strata.application.trading.TradeMirrorService;
import dev.strata.application.trading.TradingEvents;
import dev.strata.application.trading.TradingLimits;
import dev.strata.domain.MutableClock;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.InMemoryPerpsFillStore;
import dev.strata.domain.trading.InMemorySpotActivityStore;
import dev.strata.domain.trading.InMemorySyncStateStore;
import dev.strata.domain.trading.PerpsFill;
import dev.strata.domain.trading.SpotActivityInput;
import dev.strata.domain.trading.StoredPerpsFill;
import dev.strata.domain.trading.SubAccountId;
import dev.strata.domain.trading.SyncKey;
import dev.strata.domain.trading.TradeHistorySource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HttpTradeHistorySourceTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    private static final long MS = T0.toEpochMilli();

    private final HistoryStub stub;
    private final HttpTradeHistorySource source;

    HttpTradeHistorySourceTest() throws IOException {
        stub = new HistoryStub();
        source = new HttpTradeHistorySource(HistorySourceSettings.at(stub.base()).withPageSize(2)
                .withBearerToken(Optional.of("s3cret")).withRequestTimeout(Duration.ofSeconds(2)));
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    /** Hyperliquid-shaped fills, served two per page with an index cursor, from since_ms on. */
    private static String hlFill(int i) {
        return "{\"coin\":\"BTC\",\"px\":\"6000" + i + ".5\",\"sz\":\"0.01\",\"side\":\"" + (i % 2 == 0 ? "B" : "A")
                + "\",\"time\":" + (MS + i * 1000L) + ",\"dir\":\"" + (i % 2 == 0 ? "Open Long" : "Close Long")
                + "\",\"closedPnl\":\"" + (i % 2 == 0 ? "0.0" : "1.25") + "\",\"hash\":\"0xh" + i + "\",\"oid\":" + (900 + i)
                + ",\"tid\":" + (7000 + i) + ",\"fee\":\"0.0123\"}";
    }

    private void serveFills(int count) {
        stub.on("/api/perps-fills", q -> {
            long since = q.containsKey("since_ms") ? Long.parseLong(q.get("since_ms")) : 0;
            List<String> all = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                if (MS + i * 1000L >= since) {
                    all.add(hlFill(i));
                }
            }
            int from = q.containsKey("cursor") ? Integer.parseInt(q.get("cursor")) : 0;
            int limit = Integer.parseInt(q.get("limit"));
            int to = Math.min(all.size(), from + limit);
            String next = to < all.size() ? "\"" + to + "\"" : "null";
            return HistoryStub.Answer.json("{\"items\":[" + String.join(",", all.subList(from, to)) + "],\"next_cursor\":"
                    + next + "}");
        });
    }

    @Test
    void reads_hyperliquid_fields_and_keeps_each_items_json_as_its_raw_json() {
        serveFills(1);

        TradeHistorySource.Page<FillInput> page = source.perpsFills(ALICE, SubAccountId.of("0xsub"), Optional.empty(),
                Optional.empty());

        PerpsFill fill = page.items().getFirst().toFill(ALICE, Optional.of(SubAccountId.of("0xsub")));
        assertThat(fill.symbol()).isEqualTo("BTC");
        assertThat(fill.price()).isEqualByComparingTo("60000.5");
        assertThat(fill.size()).isEqualByComparingTo("0.01");
        assertThat(fill.at()).isEqualTo(T0);
        assertThat(fill.oid()).isEqualTo("900");
        assertThat(fill.uid().value()).isEqualTo("tid:7000");
        assertThat(fill.fee()).isEqualByComparingTo("0.0123");
        assertThat(fill.rawJson()).hasValueSatisfying(raw -> assertThat(raw).contains("\"coin\":\"BTC\""));
        assertThat(page.nextCursor()).isEmpty();
        HistoryStub.Request request = stub.requests.getFirst();
        assertThat(request.query()).containsEntry("tenant", "alice").containsEntry("sub_account_id", "0xsub")
                .containsEntry("limit", "2").doesNotContainKey("since_ms");
        assertThat(request.authorization()).isEqualTo("Bearer s3cret");
    }

    @Test
    void passes_the_watermark_and_the_cursor_and_answers_the_next_cursor() {
        serveFills(5);

        TradeHistorySource.Page<FillInput> page = source.perpsFills(ALICE, SubAccountId.of("s"),
                Optional.of(T0.plusSeconds(1)), Optional.of("2"));

        assertThat(page.items()).hasSize(2);
        assertThat(page.nextCursor()).isEmpty();
        assertThat(stub.requests.getFirst().query()).containsEntry("since_ms", Long.toString(MS + 1000))
                .containsEntry("cursor", "2");
    }

    @Test
    void reads_sub_accounts_and_spot_activities() {
        stub.on("/api/sub-accounts", q -> HistoryStub.Answer.json("{\"sub_accounts\":[\"0xa\",\"0xb\"]}"));
        stub.on("/api/spot-activities", q -> HistoryStub.Answer.json("{\"items\":[{\"tx_hash\":\"0xt\",\"ts_ms\":" + MS
                + ",\"type\":\"swap\",\"from_token\":\"USDC\",\"to_token\":\"ETH\",\"amount\":\"12.000000000000000001\","
                + "\"value_usd\":12,\"status\":\"completed\"}],\"next_cursor\":null}"));

        assertThat(source.subAccounts(ALICE)).containsExactly(SubAccountId.of("0xa"), SubAccountId.of("0xb"));
        SpotActivityInput activity = source.spotActivities(ALICE, Optional.empty(), Optional.empty()).items().getFirst();
        assertThat(activity.toActivity(ALICE).amount()).contains("12.000000000000000001");
        assertThat(activity.toActivity(ALICE).valueUsd()).hasValueSatisfying(v -> assertThat(v).isEqualByComparingTo("12"));
    }

    @Test
    void every_broken_answer_is_unavailable_naming_what_went_wrong() {
        assertUnavailable(new HistoryStub.Answer(502, "bad gateway"), "HTTP 502");
        assertUnavailable(HistoryStub.Answer.json("not json"), "not JSON");
        assertUnavailable(HistoryStub.Answer.json("[1,2]"), "not an object");
        assertUnavailable(HistoryStub.Answer.json("{\"fills\":[]}"), "'items'");
        assertUnavailable(HistoryStub.Answer.json("{\"items\":[1]}"), "not a JSON object");
        assertUnavailable(HistoryStub.Answer.json("{\"items\":[],\"next_cursor\":\"" + "c".repeat(1025) + "\"}"),
                "cursor");
        assertUnavailable(HistoryStub.Answer.json("{\"items\":[],\"pad\":\"" + "x".repeat(HttpTradeHistorySource.MAX_RESPONSE_BYTES)
                + "\"}"), "more than");
        stub.on("/api/sub-accounts", q -> HistoryStub.Answer.json("{\"sub_accounts\":[\"a b\"]}"));
        assertThatThrownBy(() -> source.subAccounts(ALICE)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("invalid sub-account");
    }

    private void assertUnavailable(HistoryStub.Answer answer, String says) {
        stub.on("/api/perps-fills", q -> answer);
        assertThatThrownBy(() -> source.perpsFills(ALICE, SubAccountId.of("s"), Optional.empty(), Optional.empty()))
                .isInstanceOf(UnavailableException.class).hasMessageContaining(says);
    }

    @Test
    void a_source_that_does_not_answer_in_time_is_unavailable() {
        HttpTradeHistorySource impatient = new HttpTradeHistorySource(HistorySourceSettings.at(stub.base())
                .withRequestTimeout(Duration.ofMillis(200)));
        stub.on("/api/perps-fills", q -> {
            try {
                Thread.sleep(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return HistoryStub.Answer.json("{\"items\":[]}");
        });

        assertThatThrownBy(() -> impatient.perpsFills(ALICE, SubAccountId.of("s"), Optional.empty(), Optional.empty()))
                .isInstanceOf(UnavailableException.class).hasMessageContaining("did not answer");
    }

    @Test
    void a_field_of_the_wrong_kind_leaves_the_fill_for_validation_to_refuse() {
        stub.on("/api/perps-fills", q -> HistoryStub.Answer.json("{\"items\":[{\"coin\":\"BTC\",\"px\":\"abc\","
                + "\"sz\":\"1\",\"side\":\"B\",\"time\":1,\"oid\":1,\"tid\":1}]}"));

        FillInput input = source.perpsFills(ALICE, SubAccountId.of("s"), Optional.empty(), Optional.empty())
                .items().getFirst();

        assertThat(input.price()).isEmpty();
    }

    @Test
    void the_sync_pages_through_the_http_source_and_ignores_duplicates_on_the_next_run() {
        serveFills(5);
        stub.on("/api/sub-accounts", q -> HistoryStub.Answer.json("{\"sub_accounts\":[\"0xsub\"]}"));
        stub.on("/api/spot-activities", q -> HistoryStub.Answer.json("{\"items\":[],\"next_cursor\":null}"));
        MutableClock clock = new MutableClock(T0.plusSeconds(3600));
        InMemoryPerpsFillStore fills = new InMemoryPerpsFillStore();
        InMemorySyncStateStore states = new InMemorySyncStateStore();
        TradeMirrorService mirror = new TradeMirrorService(fills, new InMemorySpotActivityStore(), states,
                new TradingEvents(), clock, TradingLimits.defaults());
        HistorySyncService sync = new HistorySyncService(source, states, mirror, clock, HistorySyncSettings.defaults(),
                Runnable::run);

        SyncReport first = sync.runOnce(ALICE);
        clock.advance(Duration.ofMinutes(10));
        SyncReport second = sync.runOnce(ALICE);

        assertThat(first.keys().getFirst().pages()).isEqualTo(3);
        assertThat(first.inserted()).isEqualTo(5);
        assertThat(second.keys().getFirst().fetched()).isEqualTo(1);
        assertThat(second.inserted()).isZero();
        assertThat(fills.after(ALICE, 0, 10)).extracting(StoredPerpsFill::fill).extracting(PerpsFill::closing)
                .containsExactly(false, true, false, true, false);
        assertThat(states.find(ALICE, SyncKey.perps(SubAccountId.of("0xsub"))).orElseThrow().watermark())
                .contains(T0.plusSeconds(4));
        assertThat(stub.requestsTo("/api/perps-fills")).extracting(r -> r.query().get("since_ms"))
                .containsExactly(null, null, null, Long.toString(MS + 4000));
        assertThat(Map.copyOf(stub.requestsTo("/api/perps-fills").get(1).query())).containsEntry("cursor", "2");
    }
}
