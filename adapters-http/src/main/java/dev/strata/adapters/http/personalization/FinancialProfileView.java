package dev.strata.adapters.http.personalization;

import dev.strata.domain.personalization.FinancialProfile;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The {@code financial_profile} row under the spec's column names; fields that are unset are left
 * out ({@code reference_wallets_json} is shown as the list {@code reference_wallets}), and so are the
 * row timestamps while the user has no row.
 */
public record FinancialProfileView(String userId, Optional<String> platformWalletSummary,
                                   Optional<String> referenceWalletsSummary, List<String> referenceWallets,
                                   Optional<String> customPrompt, boolean includeMemories,
                                   boolean includeTradingSummary, boolean includeTags,
                                   Optional<Instant> tradingSummaryNextUpdate, Optional<Instant> tagsNextUpdate,
                                   Optional<Instant> memoriesNextUpdate, Optional<String> lastIndexedChatId,
                                   Optional<Instant> tradingSummaryUpdatedAt,
                                   Optional<String> tradingSummaryLastTradeIdSeen,
                                   Optional<String> tradingSummaryLastPerpsFillIdSeen,
                                   Optional<String> tradingSummaryLastExternalSpotIdSeen,
                                   Optional<Instant> onboardingCompletedAt, Optional<Instant> createdAt,
                                   Optional<Instant> updatedAt) {

    /** A stored row. */
    public static FinancialProfileView of(FinancialProfile p) {
        return of(p, true);
    }

    /**
     * A row, or with {@code stored} false the defaults a user without a row has: then without row
     * timestamps, since there is no row (so two reads of a user without one answer the same bytes).
     */
    public static FinancialProfileView of(FinancialProfile p, boolean stored) {
        return new FinancialProfileView(p.user().value(), p.platformWalletSummary(), p.referenceWalletsSummary(),
                p.referenceWallets().addresses(), p.customPrompt(), p.visibility().includeMemories(),
                p.visibility().includeTradingSummary(), p.visibility().includeTags(),
                p.schedule().tradingSummaryNextUpdate(), p.schedule().tagsNextUpdate(), p.schedule().memoriesNextUpdate(),
                p.lastIndexedChatId(), p.tradingSummaryUpdatedAt(), p.tradingCursors().lastTradeIdSeen(),
                p.tradingCursors().lastPerpsFillIdSeen(), p.tradingCursors().lastExternalSpotIdSeen(),
                p.onboarding().completedAt(), Optional.of(p.createdAt()).filter(t -> stored),
                Optional.of(p.updatedAt()).filter(t -> stored));
    }
}
