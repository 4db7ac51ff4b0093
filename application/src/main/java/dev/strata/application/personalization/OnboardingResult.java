package dev.strata.application.personalization;

import dev.strata.domain.memory.Memory;
import dev.strata.domain.personalization.TagWrite;

import java.util.List;

/**
 * What one onboarding submission did.
 *
 * @param status          the state afterwards
 * @param firstCompletion true when this submission completed onboarding for the first time
 * @param tags            the declared tag writes, one per answered dimension
 * @param memories        the personalization memories written (only on the first completion)
 */
public record OnboardingResult(OnboardingStatus status, boolean firstCompletion, List<TagWrite> tags,
                               List<Memory> memories) {

    public OnboardingResult {
        tags = List.copyOf(tags);
        memories = List.copyOf(memories);
    }
}
