package dev.strata.application.retrieval;

/** Which arms a search runs: the service uses {@link #HYBRID}; the evaluation compares all three. */
public enum RetrievalMode {
    /** FTS5 BM25 only. */
    BM25("bm25"),
    /** Nearest neighbours of the query embedding only. */
    VECTOR("vector"),
    /** Both arms fused by the {@link dev.strata.domain.retrieval.HybridRanker}. */
    HYBRID("hybrid");

    private final String configName;

    RetrievalMode(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    public static RetrievalMode fromConfigName(String name) {
        for (RetrievalMode m : values()) {
            if (m.configName.equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown retrieval mode '" + name + "' (bm25, vector or hybrid)");
    }
}
