package dev.strata.application.personalization;

import dev.strata.domain.memory.Memory;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.UserTag;
import dev.strata.domain.profile.ProfileEntry;
import dev.strata.domain.safety.InjectionFinding;

import java.util.List;
import java.util.Objects;

/**
 * Everything spec 04's {@code /profile} prints, user-facing ({@code GET /v1/profile},
 * {@code personalization_snapshot}, {@code strata profile}): the profile row, the active tags
 * declared first, the recent personalization memories, the custom prompt with what the injection
 * scanner found in it, the onboarding state, and the tenant's key/value profile. Capital metrics and
 * strategy runs are agent-internal and are not part of it.
 *
 * @param stored false when the user has no row yet ({@code profile} then shows the defaults)
 */
public record Portrait(FinancialProfile profile, boolean stored, List<UserTag> tags, List<Memory> recentMemories,
                       List<InjectionFinding> customPromptFindings, OnboardingStatus onboarding,
                       List<ProfileEntry> keyValueProfile) {

    public Portrait {
        Objects.requireNonNull(profile, "profile");
        tags = List.copyOf(tags);
        recentMemories = List.copyOf(recentMemories);
        customPromptFindings = List.copyOf(customPromptFindings);
        Objects.requireNonNull(onboarding, "onboarding");
        keyValueProfile = List.copyOf(keyValueProfile);
    }
}
