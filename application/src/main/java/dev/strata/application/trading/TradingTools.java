package dev.strata.application.trading;

import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.tool.ToolSchema;

import java.util.List;
import java.util.Objects;

import static dev.strata.application.tool.ToolSchema.Type.INTEGER;
import static dev.strata.application.tool.ToolSchema.Type.STRING;

/**
 * The trading mirror's agent tool: {@code search_user_trades}, the user's own recent fills of one
 * asset made outside the agent (web, mobile, by hand), to ground analysis in their real history.
 * Read-only: the mirror is written by the sync and by the deployment's push, never by the agent.
 */
public final class TradingTools {

    /** What {@code search_user_trades} answers. */
    public record Trades(String asset, List<UserTrade> trades) {
        public Trades {
            Objects.requireNonNull(asset, "asset");
            trades = List.copyOf(trades);
        }
    }

    private TradingTools() {
    }

    public static List<ToolDefinition> definitions(TradingProfileService profile, TradingLimits limits) {
        return List.of(new ToolDefinition("search_user_trades", "The user's own recent perps fills of one asset "
                + "made outside the agent (web, mobile, by hand), newest first: side, open or close, size in "
                + "dollars, price and realised P&L. Use it to ground advice in how the user actually trades.",
                ToolSchema.builder()
                        .required("asset", STRING, "The symbol, e.g. BTC, ETH, kPEPE (any case).")
                        .optional("limit", INTEGER, "How many fills, 1 to " + limits.maxTradesLimit() + " (default "
                                + limits.defaultTradesLimit() + ").")
                        .build(),
                (call, args) -> {
                    String asset = args.text("asset");
                    return new Trades(asset.strip(), profile.searchUserTrades(call.tenant(), asset, args.optionalInt("limit"))
                            .stream().map(UserTrade::of).toList());
                }));
    }
}
