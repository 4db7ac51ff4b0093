package dev.strata.adapters.http.languagemodel;

import dev.strata.application.languagemodel.SpendReport;
import dev.strata.domain.languagemodel.Spend;
import dev.strata.domain.languagemodel.SpendCategory;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One budget day of a tenant's model spend, by category and in total, with the caps and what
 * remains of them ({@code null} where no cap is set). Dollars travel as decimal strings, so no
 * JSON parser rounds them through a double.
 */
record SpendView(String tenant, String day, boolean enabled, String model, Map<String, AmountView> byCategory,
                 AmountView total, Long dailyTokenCap, String dailyUsdCap, Long remainingTokens,
                 String remainingUsd) {

    static SpendView of(SpendReport r) {
        // Categories in their declared order, only those with spend: a stable, short answer.
        Map<String, AmountView> byCategory = new LinkedHashMap<>();
        for (SpendCategory c : SpendCategory.values()) {
            if (r.spend().byCategory().containsKey(c)) {
                byCategory.put(c.key(), AmountView.of(r.spend().of(c)));
            }
        }
        return new SpendView(r.spend().tenant(), r.spend().day().toString(), r.enabled(), r.model(), byCategory,
                AmountView.of(r.spend().total()),
                r.dailyTokenCap().isPresent() ? r.dailyTokenCap().getAsLong() : null,
                r.dailyUsdCap().map(BigDecimal::toPlainString).orElse(null),
                r.remainingTokens().isPresent() ? r.remainingTokens().getAsLong() : null,
                r.remainingUsd().map(BigDecimal::toPlainString).orElse(null));
    }

    record AmountView(long inputTokens, long outputTokens, long tokens, String usd, long calls) {
        static AmountView of(Spend s) {
            return new AmountView(s.inputTokens(), s.outputTokens(), s.tokens(), s.usd().toPlainString(), s.calls());
        }
    }
}
