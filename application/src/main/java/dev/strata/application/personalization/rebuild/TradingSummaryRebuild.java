package dev.strata.application.personalization.rebuild;

import dev.strata.application.trading.TradingProfileService;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.learning.TradeStore;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.ChatMessage;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.SpendCategory;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.ProfileText;
import dev.strata.domain.personalization.RebuildKind;
import dev.strata.domain.personalization.TradingCursors;
import dev.strata.domain.personalization.TradingSummary;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.trading.PerpsFillStore;
import dev.strata.domain.trading.SpotActivityStore;
import dev.strata.domain.trading.StoredPerpsFill;
import dev.strata.domain.trading.StoredSpotActivity;
import java.util.function.UnaryOperator;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * {@code rebuildTradingSummary()} (spec 04 "Three-source trading summary in detail"). It reads what
 * is new in each source past its own cursor — in-session {@code trade_history}, the
 * {@code perps_fills} mirror, the {@code external_spot_activities} mirror — and runs only when the
 * new items together reach the threshold. The model answers four fields; the overall summary with
 * its {@code Spot:} and {@code Perps:} lines becomes {@code platform_wallet_summary}, and the
 * reference-wallet field {@code reference_wallets_summary}. The summary and all three cursors are
 * stored in one compare-and-set write after a parseable answer, so a failed or malformed answer
 * leaves every cursor where it was and the next run sees the same window: no source's data is ever
 * skipped. A source with more new rows than one run takes moves its cursor only past those read.
 */
final class TradingSummaryRebuild {

    /** How many of the newest in-session trades are searched for ones past the cursor. */
    static final int TRADE_WINDOW = 1_000;

    private final LanguageModel model;
    private final FinancialProfileStore profiles;
    private final TradeStore trades;
    private final PerpsFillStore fills;
    private final SpotActivityStore spot;
    private final TradingProfileService perpsProfile;
    private final RebuildGate gate;
    private final Clock clock;
    private final RebuildPolicy settings;
    private final CredentialScrubber scrubber;

    TradingSummaryRebuild(LanguageModel model, FinancialProfileStore profiles, TradeStore trades, PerpsFillStore fills,
                          SpotActivityStore spot, TradingProfileService perpsProfile, RebuildGate gate, Clock clock,
                          RebuildPolicy settings, CredentialScrubber scrubber) {
        this.scrubber = scrubber;
        this.model = model;
        this.profiles = profiles;
        this.trades = trades;
        this.fills = fills;
        this.spot = spot;
        this.perpsProfile = perpsProfile;
        this.gate = gate;
        this.clock = clock;
        this.settings = settings;
    }

    RebuildOutcome run(Tenant tenant, UserId user, boolean forced) {
        String flow = RebuildOutcome.TRADING_SUMMARY;
        Optional<RebuildOutcome> closed = gate.closed(flow, true);
        if (closed.isPresent()) {
            return closed.get();
        }
        FinancialProfile profile = profiles.find(tenant, user).orElse(FinancialProfile.empty(user, clock.instant()));
        TradingCursors read = profile.tradingCursors();
        long tradeCursor = position(read.lastTradeIdSeen());
        long fillCursor = position(read.lastPerpsFillIdSeen());
        long spotCursor = position(read.lastExternalSpotIdSeen());
        List<Trade> newTrades = tradesAfter(tenant, tradeCursor);
        long newFills = fills.countAfter(tenant, fillCursor);
        long newSpot = spot.countAfter(tenant, spotCursor);
        long total = newTrades.size() + newFills + newSpot;
        if (total < settings.tradingSummaryThreshold()) {
            return RebuildOutcome.skipped(flow, total + " new items (" + newTrades.size() + " trades, " + newFills
                    + " perps fills, " + newSpot + " spot activities), below the threshold of "
                    + settings.tradingSummaryThreshold());
        }
        Optional<RebuildOutcome> cooling = gate.claim(flow, tenant, user, RebuildKind.TRADING_SUMMARY,
                settings.tradingSummaryCooldown(), forced);
        if (cooling.isPresent()) {
            return cooling.get();
        }
        List<Trade> tradeWindow = newTrades.size() > settings.maxSourceItems()
                ? newTrades.subList(0, settings.maxSourceItems()) : newTrades;
        List<StoredPerpsFill> fillWindow = fills.after(tenant, fillCursor, settings.maxSourceItems());
        List<StoredSpotActivity> spotWindow = spot.after(tenant, spotCursor, settings.maxSourceItems());
        JsonNode.ObjectNode answer;
        try {
            answer = model.chat(new ChatRequest(tenant.value(), SpendCategory.REBUILD, TradingSummaryPrompt.SYSTEM,
                    List.of(ChatMessage.user(TradingSummaryPrompt.user(new PromptText(scrubber, tenant), profile, tradeWindow, fillWindow, spotWindow,
                            perpsProfile.profile(tenant)))), 0.0, TradingSummaryPrompt.MAX_OUTPUT_TOKENS,
                    Optional.of(TradingSummaryPrompt.SCHEMA))).structured();
        } catch (RuntimeException e) {
            return RebuildOutcome.failed(flow, RebuildGate.describe(e) + "; all three cursors stay");
        }
        // The model saw no secret, but its answer is stored text all the same: redacted before it is bounded
        // and stored, so neither the row nor the WAL ever holds a secret it might have echoed.
        UnaryOperator<String> redact = text -> scrubber.redactFor(tenant, text);
        String composed = compose(answer, redact);
        if (composed.isBlank()) {
            return RebuildOutcome.failed(flow, "the model's answer held no summary; all three cursors stay");
        }
        Optional<String> references = profile.referenceWallets().isEmpty() ? Optional.empty()
                : nonBlank(redact.apply(answer.text("reference_wallets_summary"))).or(profile::referenceWalletsSummary);
        TradingCursors seen = new TradingCursors(
                tradeWindow.isEmpty() ? read.lastTradeIdSeen() : Optional.of(Long.toString(tradeWindow.getLast().id().value())),
                fillWindow.isEmpty() ? read.lastPerpsFillIdSeen() : Optional.of(Long.toString(fillWindow.getLast().id())),
                spotWindow.isEmpty() ? read.lastExternalSpotIdSeen() : Optional.of(Long.toString(spotWindow.getLast().id())));
        boolean stored;
        try {
            stored = profiles.storeTradingSummary(tenant, user, read, new TradingSummary(composed, references, seen),
                    clock.instant());
        } catch (RuntimeException e) {
            return RebuildOutcome.failed(flow, "storing the summary failed: "
                    + PromptText.plain(String.valueOf(e.getMessage()), 300) + "; all three cursors stay");
        }
        if (!stored) {
            return RebuildOutcome.failed(flow, "another rebuild moved the cursors first; this summary was not stored");
        }
        return RebuildOutcome.rebuilt(flow, 1, "summary rebuilt from " + tradeWindow.size() + " trades, "
                + fillWindow.size() + " perps fills and " + spotWindow.size() + " spot activities");
    }

    /** The overall summary, then the {@code Spot:} and {@code Perps:} lines when the model wrote them. */
    static String compose(JsonNode.ObjectNode answer, UnaryOperator<String> redact) {
        List<String> parts = new ArrayList<>();
        nonBlank(redact.apply(answer.text("platform_wallet_summary"))).ifPresent(parts::add);
        nonBlank(redact.apply(answer.text("spot_breakdown"))).ifPresent(s -> parts.add("Spot: " + s));
        nonBlank(redact.apply(answer.text("perps_breakdown"))).ifPresent(s -> parts.add("Perps: " + s));
        return PromptText.answer(String.join("\n", parts), ProfileText.MAX_SUMMARY_CHARS);
    }

    private static Optional<String> nonBlank(String text) {
        String t = PromptText.answer(text, ProfileText.MAX_SUMMARY_CHARS);
        return t.isBlank() ? Optional.empty() : Optional.of(t);
    }

    /** In-session trades past the cursor, oldest first (the trade store lists newest first). */
    private List<Trade> tradesAfter(Tenant tenant, long cursor) {
        return trades.listTrades(tenant, Optional.empty(), TRADE_WINDOW).stream()
                .filter(t -> t.id().value() > cursor)
                .sorted(Comparator.comparingLong(t -> t.id().value()))
                .toList();
    }

    private static long position(Optional<String> cursor) {
        try {
            return cursor.map(Long::parseLong).orElse(0L);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
