package dev.strata.domain.languagemodel;

import java.util.Arrays;
import java.util.Objects;

/**
 * One embedding vector. The array is copied on the way in and out, so an embedding is a
 * value: it can be cached and shared between threads without anyone mutating it.
 */
public record Embedding(float[] vector) {

    public Embedding {
        Objects.requireNonNull(vector, "vector");
        if (vector.length == 0) {
            throw new IllegalArgumentException("an embedding needs at least one dimension");
        }
        for (float value : vector) {
            if (!Float.isFinite(value)) {
                throw new IllegalArgumentException("an embedding must hold finite numbers only");
            }
        }
        vector = vector.clone();
    }

    /** A copy of the components. */
    @Override
    public float[] vector() {
        return vector.clone();
    }

    public int dimension() {
        return vector.length;
    }

    /** Component {@code index}, without copying the whole vector. */
    public float get(int index) {
        return vector[index];
    }

    /** Cosine similarity in [-1, 1]; both embeddings must have the same dimension. */
    public double cosineSimilarity(Embedding other) {
        if (other.vector.length != vector.length) {
            throw new IllegalArgumentException(
                    "dimension mismatch: " + vector.length + " vs " + other.vector.length);
        }
        double dot = 0;
        double normA = 0;
        double normB = 0;
        for (int i = 0; i < vector.length; i++) {
            dot += (double) vector[i] * other.vector[i];
            normA += (double) vector[i] * vector[i];
            normB += (double) other.vector[i] * other.vector[i];
        }
        if (normA == 0 || normB == 0) {
            return 0;
        }
        return dot / (Math.sqrt(normA) * Math.sqrt(normB));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Embedding that && Arrays.equals(vector, that.vector);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(vector);
    }

    @Override
    public String toString() {
        return "Embedding[dimension=" + vector.length + "]";
    }
}
