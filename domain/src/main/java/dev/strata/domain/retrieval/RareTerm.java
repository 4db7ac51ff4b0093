package dev.strata.domain.retrieval;

/**
 * When a query term is rare enough that a memory holding it must rank first (issue 12: an exact
 * match of a name, a code or an id fell behind vector-only neighbours while its embedding was still
 * pending). Rare means held by at most {@link #MAX_ROWS} rows of the keyword index and by at most
 * one row in a hundred: in a tenant of a few dozen memories nearly every word is held by a handful
 * of rows, and only a word held by a single row says "this one".
 */
public final class RareTerm {

    /** The most rows a rare term is held by, however large the index. */
    public static final int MAX_ROWS = 3;

    private RareTerm() {
    }

    /** How many rows may hold a term that is rare in an index of {@code indexRows} rows (at least 1). */
    public static int maxRows(long indexRows) {
        return (int) Math.min(MAX_ROWS, Math.max(1, indexRows / 100));
    }
}
