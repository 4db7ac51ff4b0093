package dev.strata.adapters.http.personalization;

import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.PromptPersonalization;

import java.util.List;

/** {@code PATCH /v1/profile}: the row afterwards and what the injection scanner finds in its custom prompt. */
record EditView(FinancialProfileView financialProfile, List<FindingView> customPromptFindings) {

    static EditView of(FinancialProfile p) {
        return new EditView(FinancialProfileView.of(p), PromptPersonalization.of(p, List.of(), List.of())
                .customPromptFindings().stream().map(FindingView::of).toList());
    }
}
