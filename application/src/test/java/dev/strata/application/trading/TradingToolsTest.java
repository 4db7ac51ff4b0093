package dev.strata.application.trading;

import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.tool.ToolResult;
import dev.strata.application.tool.ToolSignatures;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.trading.FillSide;
import dev.strata.domain.trading.InMemoryPerpsFillStore;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static dev.strata.domain.trading.Fills.fill;
import static org.assertj.core.api.Assertions.assertThat;

class TradingToolsTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    private final InMemoryPerpsFillStore fills = new InMemoryPerpsFillStore();
    private final ToolRegistry registry = ToolRegistry.builder().add(TradingTools.definitions(
            new TradingProfileService(fills, Clock.fixed(NOW, ZoneOffset.UTC), TradingLimits.defaults()),
            TradingLimits.defaults())).build();

    private static JsonNode.ObjectNode args(Map<String, JsonNode> fields) {
        return new JsonNode.ObjectNode(fields);
    }

    @Test
    void the_tool_is_declared_with_its_schema() {
        assertThat(ToolSignatures.of(registry)).containsExactly(
                Map.entry("search_user_trades", List.of("asset:string!", "limit:integer")));
    }

    @Test
    void search_user_trades_answers_the_recent_fills_of_one_asset_with_side_direction_size_price_and_pnl() {
        fills.insertAll(ALICE, List.of(
                fill(ALICE, "s", "1", NOW.minusSeconds(20), "BTC", FillSide.BUY, "Open Long", "0.5", "60000", "0"),
                fill(ALICE, "s", "2", NOW.minusSeconds(10), "BTC", FillSide.SELL, "Close Long", "0.5", "62000", "1000"),
                fill(ALICE, "s", "3", NOW.minusSeconds(5), "ETH", FillSide.BUY, "Open Long", "1", "3000", "0")), NOW);

        ToolResult result = registry.find("search_user_trades").orElseThrow().call(new dev.strata.application.tool.ToolCall(ALICE, dev.strata.application.provenance.TestOrigins.AGENT_ACTOR),
                args(Map.of("asset", new JsonNode.TextNode("btc"), "limit", new JsonNode.NumberNode(BigDecimal.TEN))));

        TradingTools.Trades trades = (TradingTools.Trades) ((ToolResult.Ok) result).data();
        assertThat(trades.trades()).extracting(UserTrade::direction).containsExactly("close", "open");
        UserTrade close = trades.trades().getFirst();
        assertThat(close.side()).isEqualTo("sell");
        assertThat(close.sizeUsd()).isEqualTo(new BigDecimal("31000.00"));
        assertThat(close.closedPnl()).isEqualByComparingTo("1000");
        assertThat(close.price()).isEqualByComparingTo("62000");
    }

    @Test
    void a_bad_asset_or_limit_is_refused_naming_the_argument() {
        ToolResult badAsset = registry.find("search_user_trades").orElseThrow().call(new dev.strata.application.tool.ToolCall(ALICE, dev.strata.application.provenance.TestOrigins.AGENT_ACTOR),
                args(Map.of("asset", new JsonNode.TextNode("BTC; DROP TABLE"))));
        ToolResult badLimit = registry.find("search_user_trades").orElseThrow().call(new dev.strata.application.tool.ToolCall(ALICE, dev.strata.application.provenance.TestOrigins.AGENT_ACTOR),
                args(Map.of("asset", new JsonNode.TextNode("BTC"), "limit", new JsonNode.NumberNode(BigDecimal.ZERO))));

        assertThat(((ToolResult.Failed) badAsset).error()).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo("asset"));
        assertThat(((ToolResult.Failed) badLimit).error()).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo("limit"));
    }
}
