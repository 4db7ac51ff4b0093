package dev.strata.application.learning;

import java.util.Optional;

/**
 * A methodology as a caller sends it (raw text; parsed and validated by the service, which names
 * the offending field). The seed format is a JSON object {@code {"methodologies": [MethodologyDraft...]}}
 * with {@code asset_class}, {@code title}, {@code body}; {@code provenance} may be {@code manual}
 * (the default) or {@code imported} on a plain create and is always {@code seed} for seeds.
 */
public record MethodologyDraft(String assetClass, String title, String body, Optional<String> provenance) {

    public MethodologyDraft {
        provenance = provenance == null ? Optional.empty() : provenance;
    }

    public MethodologyDraft(String assetClass, String title, String body) {
        this(assetClass, title, body, Optional.empty());
    }
}
