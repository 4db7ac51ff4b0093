package dev.strata.domain.retrieval;

/**
 * The spec's soft entity-overlap boost: {@code final = rrf × (1 + factor × overlap)}, factor 0.3.
 * Multiplicative, so shared tickers lift a hit relative to its fused rank without pinning an
 * entity match above a strong semantic hit.
 */
public final class EntityBoost {

    public static final double DEFAULT_FACTOR = 0.3;

    private final double factor;

    public EntityBoost(double factor) {
        if (!Double.isFinite(factor) || factor < 0) {
            throw new IllegalArgumentException("entity boost factor must be finite and non-negative: " + factor);
        }
        this.factor = factor;
    }

    public double apply(double score, int entityOverlap) {
        if (entityOverlap < 0) {
            throw new IllegalArgumentException("entity overlap is a count: " + entityOverlap);
        }
        return score * (1 + factor * entityOverlap);
    }
}
