package dev.strata.adapters.http.profile;

import dev.strata.domain.profile.ProfileEntry;

/** One profile entry. */
record ProfileEntryView(String key, String value, String updatedAt) {

    static ProfileEntryView of(ProfileEntry e) {
        return new ProfileEntryView(e.key(), e.value(), e.updatedAt().toString());
    }
}
