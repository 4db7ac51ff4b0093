package dev.strata.domain.retrieval;

/**
 * Where a memory's vectors stand ({@code embedding_state}): every row starts {@link #PENDING};
 * the embedding worker moves it to one of the other three after the write has committed.
 */
public enum EmbeddingState {
    /** Written, not yet embedded (queued, or left over by a stop, a crash or a full queue: the catch-up queues it again). */
    PENDING("pending"),
    /** Its chunk vectors are in the vector index. */
    EMBEDDED("embedded"),
    /** The embedder failed; each catch-up run (and {@code strata reindex}) retries it once. */
    FAILED("failed"),
    /** Nothing worth embedding (too short, or the model rejected the text). */
    SKIPPED("skipped");

    private final String wireName;

    EmbeddingState(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static EmbeddingState fromWireName(String name) {
        for (EmbeddingState s : values()) {
            if (s.wireName.equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown embedding state: " + name);
    }
}
