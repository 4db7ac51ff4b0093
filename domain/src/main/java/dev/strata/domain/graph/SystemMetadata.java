package dev.strata.domain.graph;

import java.util.Objects;
import java.util.Optional;

/**
 * Facts about a write that come from the system, not from the content or the model's tool
 * arguments. Only these may create {@link EdgeType#BELONGS_TO_SCENARIO} edges: a scenario named in
 * the text could be an injection attempt to attach a memory to a high-trust scenario.
 */
public record SystemMetadata(Optional<String> scenarioId) {

    public SystemMetadata {
        Objects.requireNonNull(scenarioId, "scenarioId");
        scenarioId = scenarioId.map(String::strip);
        if (scenarioId.filter(String::isEmpty).isPresent()) {
            throw new IllegalArgumentException("scenario id must not be blank");
        }
    }

    public static SystemMetadata none() {
        return new SystemMetadata(Optional.empty());
    }

    public static SystemMetadata scenario(String scenarioId) {
        return new SystemMetadata(Optional.of(scenarioId));
    }
}
