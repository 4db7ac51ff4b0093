package dev.strata.application.learning;

import java.util.Optional;

/**
 * Command: propose a preference. Raw values, parsed by the service. There is deliberately no state:
 * every proposal, whoever sends it, lands {@code proposed}; only an explicit approve activates.
 * {@code source} is {@code user} (the default) or {@code agent}; {@code evidence} defaults to 1.
 */
public record ProposePreference(String dimension, String content, Optional<String> kind, Optional<Long> evidence,
                                Optional<String> source) {

    public ProposePreference {
        kind = kind == null ? Optional.empty() : kind;
        evidence = evidence == null ? Optional.empty() : evidence;
        source = source == null ? Optional.empty() : source;
    }

    public ProposePreference(String dimension, String content, String kind) {
        this(dimension, content, Optional.of(kind), Optional.empty(), Optional.empty());
    }
}
