package dev.strata.domain.personalization;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Onboarding state on the profile row: the raw answers last submitted and when onboarding was
 * first completed (a re-submit updates the answers, never the first completion).
 */
public record Onboarding(Optional<OnboardingAnswers> answers, Optional<Instant> completedAt) {

    public static final Onboarding NOT_STARTED = new Onboarding(Optional.empty(), Optional.empty());

    public Onboarding {
        Objects.requireNonNull(answers, "answers");
        Objects.requireNonNull(completedAt, "completedAt");
        if (answers.isPresent() != completedAt.isPresent()) {
            throw new IllegalArgumentException("answers are stored exactly when onboarding was completed");
        }
    }

    public boolean completed() {
        return completedAt.isPresent();
    }
}
