package dev.strata.domain.learning;

/**
 * The only ways a preference changes state. {@link #APPROVE} is the one action that leads to
 * {@link PreferenceState#ACTIVE}, and only the explicit approve use case performs it: mining,
 * imports, jobs and bulk calls can only propose.
 */
public enum PreferenceAction {
    APPROVE(PreferenceState.PROPOSED, PreferenceState.ACTIVE),
    REJECT(PreferenceState.PROPOSED, PreferenceState.REJECTED),
    DEACTIVATE(PreferenceState.ACTIVE, PreferenceState.ARCHIVED);

    private final PreferenceState from;
    private final PreferenceState to;

    PreferenceAction(PreferenceState from, PreferenceState to) {
        this.from = from;
        this.to = to;
    }

    public PreferenceState from() {
        return from;
    }

    public PreferenceState to() {
        return to;
    }

    public String wireName() {
        return WireNames.of(this);
    }
}
