package dev.strata.domain.retrieval;

/** A retrieval path that ranks memories for a query. The wire name appears in search responses. */
public enum Arm {
    /** FTS5 BM25 over the memory text: always available. */
    KEYWORD("keyword"),
    /** Nearest neighbours of the query embedding: only when an embedder is configured and answers. */
    VECTOR("vector"),
    /**
     * Not a retrieval path of its own: a memory written right before or after a hit, lifted by
     * {@link NeighbourContext}, that neither arm found. Its rank is the rank of the hit it neighbours.
     */
    CONTEXT("context"),
    /**
     * FTS5 BM25 over each memory's passage: the memory with the memories written right before and after
     * it in the same sitting, and its event date ({@link PassageArm}).
     */
    PASSAGE("passage");

    private final String wireName;

    Arm(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
