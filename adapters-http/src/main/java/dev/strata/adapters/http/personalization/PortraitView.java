package dev.strata.adapters.http.personalization;

import dev.strata.adapters.http.memory.MemoryView;
import dev.strata.adapters.http.profile.ProfileEntryView;
import dev.strata.application.personalization.Portrait;

import java.util.List;

/**
 * {@code GET /v1/profile} and {@code personalization_snapshot}: everything spec 04's {@code /profile}
 * prints. {@code profile} (the key/value entries) comes first, as {@code GET /v1/profile} answered
 * before the personalization area existed; {@code stored} is false while the user has no row
 * ({@code financial_profile} then shows the defaults).
 */
public record PortraitView(List<ProfileEntryView> profile, String userId, boolean stored,
                           FinancialProfileView financialProfile, List<TagView> tags, List<MemoryView> recentMemories,
                           List<FindingView> customPromptFindings, OnboardingView onboarding) {

    public static PortraitView of(Portrait p) {
        return new PortraitView(p.keyValueProfile().stream().map(ProfileEntryView::of).toList(),
                p.profile().user().value(), p.stored(), FinancialProfileView.of(p.profile(), p.stored()),
                p.tags().stream().map(TagView::of).toList(), p.recentMemories().stream().map(MemoryView::of).toList(),
                p.customPromptFindings().stream().map(FindingView::of).toList(), OnboardingView.of(p.onboarding()));
    }
}
