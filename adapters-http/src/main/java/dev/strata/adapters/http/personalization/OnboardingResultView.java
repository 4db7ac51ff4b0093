package dev.strata.adapters.http.personalization;

import dev.strata.adapters.http.memory.MemoryView;
import dev.strata.application.personalization.OnboardingResult;

import java.util.List;

/** {@code POST /v1/profile/onboarding}: the state afterwards, the tags declared, and the memories written. */
record OnboardingResultView(OnboardingView onboarding, boolean firstCompletion, List<TagWriteView> tags,
                            List<MemoryView> memories) {

    static OnboardingResultView of(OnboardingResult r) {
        return new OnboardingResultView(OnboardingView.of(r.status()), r.firstCompletion(),
                r.tags().stream().map(TagWriteView::of).toList(), r.memories().stream().map(MemoryView::of).toList());
    }
}
