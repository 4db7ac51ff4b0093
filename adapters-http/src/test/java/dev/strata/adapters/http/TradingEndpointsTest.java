package dev.strata.adapters.http;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** The trade mirror over a real socket: pushes, the profile, recent trades, sync state and refresh. */
class TradingEndpointsTest {

    @RegisterExtension
    final GatewayExtension gateway = GatewayExtension.onFakes();

    private static final String FILLS = """
            {"fills": [
              {"sub_account_id": "0xsub", "oid": 901, "ts_ms": 1767600000000, "symbol": "BTC", "side": "B",
               "dir": "Open Long", "size": "0.5", "price": "60000", "tid": 7001, "raw_json": {"coin": "BTC"}},
              {"sub_account_id": "0xsub", "oid": 902, "ts_ms": 1767603600000, "symbol": "BTC", "side": "A",
               "dir": "Close Long", "size": 0.5, "price": 62000, "closed_pnl": "1000", "fee": "1.2", "tid": 7002}]}""";

    @Test
    void pushed_fills_count_only_new_rows_and_feed_the_profile_and_recent_trades() {
        assertThat(gateway.api("alice").post("/v1/trading/perps-fills", FILLS).assertJson(200).json().getInt("inserted"))
                .isEqualTo(2);
        assertThat(gateway.api("alice").post("/v1/trading/perps-fills", FILLS).assertJson(200).json().getInt("inserted"))
                .isZero();

        JsonObject profile = gateway.api("alice").get("/v1/trading/profile").assertJson(200).json();
        assertThat(profile.getInt("trades")).isEqualTo(2);
        assertThat(profile.getJsonNumber("realised_pnl").bigDecimalValue()).isEqualByComparingTo("1000");
        assertThat(profile.getJsonNumber("win_rate").bigDecimalValue()).isEqualByComparingTo("1");
        assertThat(profile.getJsonArray("top_by_volume").getJsonObject(0).getString("symbol")).isEqualTo("BTC");
        JsonObject trades = gateway.api("alice").get("/v1/trading/trades?asset=btc&limit=5").assertJson(200).json();
        assertThat(trades.getJsonArray("trades").getJsonObject(0).getString("direction")).isEqualTo("close");
        assertThat(trades.getJsonArray("trades").getJsonObject(0).getJsonNumber("size_usd").bigDecimalValue())
                .isEqualByComparingTo("31000");
        assertThat(gateway.api("bob").get("/v1/trading/profile").json().getInt("trades")).isZero();
        assertThat(gateway.api("bob").get("/v1/trading/trades?asset=BTC").json().getJsonArray("trades")).isEmpty();
    }

    @Test
    void spot_activities_are_keyed_by_transaction_hash() {
        String body = """
                {"activities": [{"tx_hash": "0xabc", "ts_ms": 1767600000000, "type": "swap", "from_token": "USDC",
                  "to_token": "ETH", "amount": "1500.000000000000000001", "value_usd": 1500}]}""";

        assertThat(gateway.api("alice").post("/v1/trading/spot-activities", body).json().getInt("inserted")).isEqualTo(1);
        assertThat(gateway.api("alice").post("/v1/trading/spot-activities", body).json().getInt("inserted")).isZero();
        assertThat(gateway.api("bob").post("/v1/trading/spot-activities", body).json().getInt("inserted")).isEqualTo(1);
    }

    @Test
    void a_bad_fill_is_refused_naming_its_field_and_nothing_of_the_batch_is_stored() {
        gateway.api("alice").post("/v1/trading/perps-fills", """
                {"fills": [{"sub_account_id": "s", "oid": 1, "ts_ms": 1, "symbol": "BTC", "side": "B", "size": 1,
                  "price": 1, "tid": 1},
                 {"sub_account_id": "s", "oid": 2, "ts_ms": 1, "symbol": "BTC", "side": "B", "size": "lots",
                  "price": 1, "tid": 2}]}""").assertProblem(400, "fills[1].size");
        gateway.api("alice").post("/v1/trading/perps-fills", """
                {"fills": [{"sub_account_id": "s", "oid": 1, "ts_ms": 1.5, "symbol": "BTC", "side": "B", "size": 1,
                  "price": 1}]}""").assertProblem(400, "fills[0].ts_ms");
        gateway.api("alice").post("/v1/trading/perps-fills", """
                {"fills": [{"sub_account_id": "s", "oid": 1, "ts_ms": 1, "symbol": "BTC", "side": "B", "size": -1,
                  "price": 1}]}""").assertProblem(400, "fills[0].size");
        gateway.api("alice").get("/v1/trading/trades").assertProblem(400, "asset");

        assertThat(gateway.backend().mine.fillStore.countAfter(dev.strata.domain.memory.Tenant.of("alice"), 0)).isZero();
    }

    @Test
    void sync_state_and_refresh_say_that_no_source_and_no_model_are_configured() {
        JsonObject state = gateway.api("alice").get("/v1/trading/sync-state").assertJson(200).json();
        assertThat(state.getBoolean("enabled")).isFalse();
        assertThat(state.getJsonArray("states")).isEmpty();

        JsonObject refreshed = gateway.api("alice").post("/v1/profile/refresh", "{\"user_id\": \"ada\"}")
                .assertJson(200).json();

        assertThat(refreshed.getString("user_id")).isEqualTo("ada");
        assertThat(refreshed.getJsonObject("sync").getBoolean("ran")).isFalse();
        assertThat(refreshed.getJsonObject("sync").getString("note")).contains("no trade history source");
        assertThat(refreshed.getJsonArray("rebuilds").getJsonObject(0).getString("flow")).isEqualTo("trading_summary");
        assertThat(refreshed.getJsonArray("rebuilds").getJsonObject(0).getString("detail"))
                .contains("no language model");
        gateway.api("alice").request("POST", "/v1/profile/refresh").send().assertJson(200);
        gateway.api("alice").post("/v1/profile/refresh", "{\"user_id\": \"a b\"}").assertProblem(400, "user_id");
    }

    @Test
    void the_refresh_route_lives_beside_the_profile_resource_which_keeps_its_own_routes() {
        gateway.api("alice").put("/v1/profile/refresh", "{\"value\": \"weekly\"}").assertProblem(400, "key");
        gateway.api("alice").put("/v1/profile/cadence", "{\"value\": \"weekly\"}").assertJson(200);

        assertThat(gateway.api("alice").post("/v1/profile/refresh", "{}").assertJson(200).json().getString("user_id"))
                .isEqualTo("default");
        assertThat(gateway.api("alice").get("/v1/profile/cadence").json().getString("value")).isEqualTo("weekly");
    }
}
