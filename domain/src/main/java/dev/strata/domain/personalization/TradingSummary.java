package dev.strata.domain.personalization;

import java.util.Objects;
import java.util.Optional;

/**
 * A rebuilt trading summary and the source cursors it covers (issue 17's rebuild writes one with
 * {@link FinancialProfileStore#storeTradingSummary}, which moves the cursors in the same write).
 *
 * @param platformWalletSummary   the composite summary ({@code Spot:} / {@code Perps:} lines)
 * @param referenceWalletsSummary the summary of the reference wallets, when there are any
 * @param seen                    the cursors after this rebuild
 */
public record TradingSummary(String platformWalletSummary, Optional<String> referenceWalletsSummary,
                             TradingCursors seen) {

    public TradingSummary {
        platformWalletSummary = ProfileText.multiLine("platform_wallet_summary", platformWalletSummary,
                ProfileText.MAX_SUMMARY_CHARS);
        Objects.requireNonNull(referenceWalletsSummary, "referenceWalletsSummary");
        referenceWalletsSummary = referenceWalletsSummary.map(s -> ProfileText.multiLine("reference_wallets_summary", s,
                ProfileText.MAX_SUMMARY_CHARS));
        Objects.requireNonNull(seen, "seen");
    }
}
