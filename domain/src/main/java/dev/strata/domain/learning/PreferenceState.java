package dev.strata.domain.learning;

/** {@code proposed -> active | rejected}; {@code active -> archived}. Every row is born proposed. */
public enum PreferenceState {
    PROPOSED, ACTIVE, REJECTED, ARCHIVED;

    public String wireName() {
        return WireNames.of(this);
    }

    public static PreferenceState parse(String field, String raw) {
        return WireNames.parse(PreferenceState.class, field, raw, PreferenceState::wireName);
    }
}
