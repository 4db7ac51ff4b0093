package dev.strata.domain.learning;

import java.util.Objects;
import java.util.Optional;

/** Which methodologies a listing covers: optionally one asset class, optionally only quarantined or graduated ones. */
public record MethodologyFilter(Optional<AssetClass> assetClass, Optional<Boolean> quarantined) {

    public static final MethodologyFilter ALL = new MethodologyFilter(Optional.empty(), Optional.empty());

    public MethodologyFilter {
        Objects.requireNonNull(assetClass, "assetClass");
        Objects.requireNonNull(quarantined, "quarantined");
    }

    public static MethodologyFilter graduated() {
        return new MethodologyFilter(Optional.empty(), Optional.of(false));
    }

    public boolean accepts(Methodology m) {
        return assetClass.map(c -> c == m.assetClass()).orElse(true)
                && quarantined.map(q -> q == m.quarantined()).orElse(true);
    }
}
