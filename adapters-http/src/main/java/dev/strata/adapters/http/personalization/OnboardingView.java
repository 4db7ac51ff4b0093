package dev.strata.adapters.http.personalization;

import dev.strata.application.personalization.OnboardingStatus;
import dev.strata.domain.personalization.OnboardingAnswers;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** {@code GET /v1/profile/onboarding}: whether onboarding is done, since when, and the answers last given. */
public record OnboardingView(boolean completed, Optional<Instant> completedAt, Optional<Map<String, Object>> answers) {

    public static OnboardingView of(OnboardingStatus s) {
        return new OnboardingView(s.completed(), s.completedAt(), s.answers().map(OnboardingView::answers));
    }

    /** The answers as they were asked: tag machine values, markets a list, the capital as written. */
    static Map<String, Object> answers(OnboardingAnswers a) {
        Map<String, Object> out = new LinkedHashMap<>();
        a.tags().forEach((d, v) -> out.put(d.slug(), TagView.value(v)));
        a.investingCapital().ifPresent(c -> out.put("investing_capital", c));
        return out;
    }
}
