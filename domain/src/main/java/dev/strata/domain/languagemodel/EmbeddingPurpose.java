package dev.strata.domain.languagemodel;

/**
 * What a text is embedded for. Asymmetric models (bge) embed a search query with an instruction
 * prefix and a stored passage without one; symmetric models treat both the same.
 */
public enum EmbeddingPurpose {
    /** A search query typed by an agent or a user. */
    QUERY,
    /** Stored content (a memory chunk) that queries are matched against. */
    DOCUMENT
}
