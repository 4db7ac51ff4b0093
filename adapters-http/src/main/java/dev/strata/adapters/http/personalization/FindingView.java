package dev.strata.adapters.http.personalization;

import dev.strata.domain.safety.InjectionFinding;

/** What the injection scanner found in {@code custom_prompt} (it is still used: it is trusted, like SOUL.md). */
public record FindingView(String rule, int line, String excerpt, String reason) {

    public static FindingView of(InjectionFinding f) {
        return new FindingView(f.rule().id(), f.line(), f.excerpt(), f.rule().reason());
    }
}
