package dev.strata.application.fact;

import java.util.Objects;

/**
 * How the LLM consolidation pass runs.
 *
 * @param enabled       {@code MEMORY_CONSOLIDATION_ENABLED}: the pass runs only when this is true
 *                      and a language model is configured
 * @param guidance      {@code MEMORY_CONSOLIDATION_GUIDANCE}: the operator's free-text steer. It is
 *                      shown to the model as a preference, below the rules, and can never override
 *                      the invariants enforced in code; at most {@link #MAX_GUIDANCE_CHARS} characters
 * @param maxCandidates how many similar facts (and, separately, user-stated memories) a new fact is
 *                      compared with
 */
public record ConsolidationSettings(boolean enabled, String guidance, int maxCandidates) {

    public static final int MAX_GUIDANCE_CHARS = 1_000;
    public static final int DEFAULT_MAX_CANDIDATES = 5;
    public static final ConsolidationSettings DISABLED = new ConsolidationSettings(false, "", DEFAULT_MAX_CANDIDATES);

    public ConsolidationSettings {
        Objects.requireNonNull(guidance, "guidance");
        guidance = guidance.strip();
        if (guidance.length() > MAX_GUIDANCE_CHARS) {
            throw new IllegalArgumentException("consolidation guidance must be at most " + MAX_GUIDANCE_CHARS
                    + " characters, got " + guidance.length());
        }
        if (maxCandidates < 1 || maxCandidates > 20) {
            throw new IllegalArgumentException("maxCandidates must be within 1..20");
        }
    }

    public static ConsolidationSettings enabled(String guidance) {
        return new ConsolidationSettings(true, guidance, DEFAULT_MAX_CANDIDATES);
    }
}
