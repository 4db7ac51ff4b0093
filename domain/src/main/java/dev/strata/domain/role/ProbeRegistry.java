package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The custom outcome probes and evidence sources, each under an id that role definitions name
 * ({@code outcomeProbe.probeId}, {@code postHocProbes[].source}). Built once at start from
 * configured HTTP callbacks and embedders' registrations, then immutable.
 */
public final class ProbeRegistry {

    private final Map<String, OutcomeProbe> probes;
    private final Map<String, EvidenceSource> sources;

    private ProbeRegistry(Map<String, OutcomeProbe> probes, Map<String, EvidenceSource> sources) {
        this.probes = Map.copyOf(probes);
        this.sources = Map.copyOf(sources);
    }

    public static ProbeRegistry empty() {
        return new ProbeRegistry(Map.of(), Map.of());
    }

    public static Builder builder() {
        return new Builder();
    }

    public Optional<OutcomeProbe> probe(String id) {
        return Optional.ofNullable(probes.get(id));
    }

    public Optional<EvidenceSource> source(String id) {
        return Optional.ofNullable(sources.get(id));
    }

    /**
     * What the declared roles name but nobody registered, one line each ("role X: outcomeProbe.probeId
     * 'y' is not registered"); start-up reports these so a typo does not wait for the first reflection.
     */
    public List<String> unresolved(RoleRegistry roles) {
        List<String> missing = new java.util.ArrayList<>();
        for (RoleDefinition role : roles.all()) {
            if (role.policy().outcomeProbe() instanceof OutcomeProbeSpec.Custom custom && !probes.containsKey(custom.probeId())) {
                missing.add("role " + role.id() + ": outcomeProbe.probeId '" + custom.probeId() + "' is not registered");
            }
            List<PostHocProbe> posts = role.policy().postHocProbes();
            for (int i = 0; i < posts.size(); i++) {
                if (!sources.containsKey(posts.get(i).source())) {
                    missing.add("role " + role.id() + ": postHocProbes[" + i + "].source '" + posts.get(i).source()
                            + "' is not registered");
                }
            }
        }
        return List.copyOf(missing);
    }

    public static final class Builder {

        private final Map<String, OutcomeProbe> probes = new LinkedHashMap<>();
        private final Map<String, EvidenceSource> sources = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder probe(String id, OutcomeProbe probe) {
            new OutcomeProbeSpec.Custom(id);
            if (probes.putIfAbsent(id, Objects.requireNonNull(probe, "probe")) != null) {
                throw new InvalidInputException("probeId", "duplicate probe id " + id);
            }
            return this;
        }

        public Builder source(String id, EvidenceSource source) {
            if (id == null || !OutcomeProbeSpec.PROBE_ID.matcher(id).matches()) {
                throw new InvalidInputException("source", "must be a lower-case id: " + id);
            }
            if (sources.putIfAbsent(id, Objects.requireNonNull(source, "source")) != null) {
                throw new InvalidInputException("source", "duplicate evidence source id " + id);
            }
            return this;
        }

        public ProbeRegistry build() {
            return new ProbeRegistry(probes, sources);
        }
    }
}
