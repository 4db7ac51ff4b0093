package dev.strata.adapters.http.profile;

import java.util.List;

/** {@code GET /v1/profile}: every entry of the tenant's profile. */
record ProfileView(List<ProfileEntryView> profile) {
}
