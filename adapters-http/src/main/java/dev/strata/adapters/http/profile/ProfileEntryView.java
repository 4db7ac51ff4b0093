package dev.strata.adapters.http.profile;

import dev.strata.domain.profile.ProfileEntry;

/** One profile entry. */
public record ProfileEntryView(String key, String value, String updatedAt) {

    public static ProfileEntryView of(ProfileEntry e) {
        return new ProfileEntryView(e.key(), e.value(), e.updatedAt().toString());
    }
}
