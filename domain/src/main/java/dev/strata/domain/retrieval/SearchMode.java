package dev.strata.domain.retrieval;

/**
 * Which pipeline answered a search, reported as {@code search_mode} so a caller can tell a
 * degraded (keyword-only) answer from a hybrid one.
 */
public enum SearchMode {
    /** The vector arm ran (even if it found nothing) and was fused with the keyword arm. */
    HYBRID("hybrid"),
    /** No embedder, the extension missing, or the query embedding failed: keyword arm only. */
    KEYWORD("keyword");

    private final String wireName;

    SearchMode(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
