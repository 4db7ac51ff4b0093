package dev.strata.adapters.sqlite.vec;

/**
 * A memory found by the vector arm: its best-matching chunk and that chunk's cosine distance.
 *
 * @param memoryId   the memory the chunk belongs to
 * @param chunkIndex the chunk that matched best
 * @param distance   cosine distance in [0, 2]; smaller is closer
 */
public record VectorHit(long memoryId, int chunkIndex, double distance) {

    public VectorHit {
        if (chunkIndex < 0) {
            throw new IllegalArgumentException("chunkIndex must not be negative");
        }
        if (Double.isNaN(distance) || distance < 0) {
            throw new IllegalArgumentException("distance must be a non-negative number");
        }
    }

    /** Cosine similarity, {@code 1 - distance}, in [-1, 1]. */
    public double similarity() {
        return 1 - distance;
    }
}
