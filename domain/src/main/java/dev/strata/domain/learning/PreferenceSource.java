package dev.strata.domain.learning;

/** Who proposed a preference: the deterministic miner, the model's mining pass, the agent, the user, an import. */
public enum PreferenceSource {
    MINED, MODEL, AGENT, USER, IMPORT;

    public String wireName() {
        return WireNames.of(this);
    }

    public static PreferenceSource parse(String field, String raw) {
        return WireNames.parse(PreferenceSource.class, field, raw, PreferenceSource::wireName);
    }
}
