package dev.strata.application.personalization;

import dev.strata.domain.personalization.Onboarding;
import dev.strata.domain.personalization.OnboardingAnswers;

import java.time.Instant;
import java.util.Optional;

/** {@code GET /v1/profile/onboarding}: whether the web UI should show the flow, and what was answered. */
public record OnboardingStatus(boolean completed, Optional<Instant> completedAt, Optional<OnboardingAnswers> answers) {

    static OnboardingStatus of(Onboarding onboarding) {
        return new OnboardingStatus(onboarding.completed(), onboarding.completedAt(), onboarding.answers());
    }
}
