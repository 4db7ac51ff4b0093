package dev.strata.domain.learning;

import java.util.Objects;
import java.util.Optional;

public record PreferenceFilter(Optional<PreferenceState> state, Optional<PreferenceKind> kind,
                               Optional<PreferenceDimension> dimension) {

    public static final PreferenceFilter ALL = new PreferenceFilter(Optional.empty(), Optional.empty(), Optional.empty());

    public PreferenceFilter {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(dimension, "dimension");
    }

    public static PreferenceFilter activeHardConstraints() {
        return new PreferenceFilter(Optional.of(PreferenceState.ACTIVE), Optional.of(PreferenceKind.HARD_CONSTRAINT),
                Optional.empty());
    }

    public static PreferenceFilter inState(PreferenceState state) {
        return new PreferenceFilter(Optional.of(state), Optional.empty(), Optional.empty());
    }

    public boolean accepts(LearnedPreference p) {
        return state.map(s -> s == p.state()).orElse(true) && kind.map(k -> k == p.kind()).orElse(true)
                && dimension.map(d -> d == p.dimension()).orElse(true);
    }
}
