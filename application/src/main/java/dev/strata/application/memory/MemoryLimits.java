package dev.strata.application.memory;

import dev.strata.domain.memory.Content;

/**
 * Size limits the gateway and tools enforce. Kept in one record so the README's configuration
 * table, the HTTP problem messages and the checks all read the same numbers.
 */
public record MemoryLimits(int maxContentChars, int maxMetadataChars, int maxBatchSize, int maxListLimit,
                           int maxSearchLimit, int defaultListLimit, int defaultSearchLimit) {

    public static final MemoryLimits DEFAULTS = new MemoryLimits(8_192, 4_096, 1_000, 500, 100, 50, 10);

    public MemoryLimits {
        if (maxContentChars < 1 || maxContentChars > Content.MAX_CHARS) {
            throw new IllegalArgumentException("maxContentChars must be in 1.." + Content.MAX_CHARS);
        }
        if (maxMetadataChars < 2 || maxBatchSize < 1 || maxListLimit < 1 || maxSearchLimit < 1) {
            throw new IllegalArgumentException("limits must be positive");
        }
        if (defaultListLimit < 1 || defaultListLimit > maxListLimit
                || defaultSearchLimit < 1 || defaultSearchLimit > maxSearchLimit) {
            throw new IllegalArgumentException("defaults must lie within the maxima");
        }
    }
}
