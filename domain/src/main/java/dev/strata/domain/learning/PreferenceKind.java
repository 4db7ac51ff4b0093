package dev.strata.domain.learning;

/**
 * A {@code hard_constraint} is a user-specific risk cap: it is never activated by anything but an
 * explicit approve, and it is marked as such wherever it is shown.
 */
public enum PreferenceKind {
    NORMAL, HARD_CONSTRAINT;

    public String wireName() {
        return WireNames.of(this);
    }

    public static PreferenceKind parse(String field, String raw) {
        return WireNames.parse(PreferenceKind.class, field, raw, PreferenceKind::wireName);
    }
}
