package dev.strata.adapters.http.personalization;

import dev.strata.domain.personalization.FinancialProfile;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The {@code financial_profile} row under the spec's column names; fields that are unset are left
 * out ({@code reference_wallets_json} is shown as the list {@code reference_wallets}).
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
                                   Optional<Instant> onboardingCompletedAt, Instant createdAt, Instant updatedAt) {

    public static FinancialProfileView of(FinancialProfile p) {
        return new FinancialProfileView(p.user().value(), p.platformWalletSummary(), p.referenceWalletsSummary(),
                p.referenceWallets().addresses(), p.customPrompt(), p.visibility().includeMemories(),
                p.visibility().includeTradingSummary(), p.visibility().includeTags(),
                p.schedule().tradingSummaryNextUpdate(), p.schedule().tagsNextUpdate(), p.schedule().memoriesNextUpdate(),
                p.lastIndexedChatId(), p.tradingSummaryUpdatedAt(), p.tradingCursors().lastTradeIdSeen(),
                p.tradingCursors().lastPerpsFillIdSeen(), p.tradingCursors().lastExternalSpotIdSeen(),
                p.onboarding().completedAt(), p.createdAt(), p.updatedAt());
    }
}
