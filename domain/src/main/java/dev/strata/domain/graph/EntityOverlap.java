package dev.strata.domain.graph;

import java.util.Collection;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * How many distinct finance entities of a query also appear in a memory: the
 * {@code entity_overlap_count} of the spec's soft boost. Distinct on both sides, so repeating
 * "BTC" five times in a memory does not buy a bigger boost.
 */
public final class EntityOverlap {

    private final FinanceEntityExtractor extractor;

    public EntityOverlap(FinanceEntityExtractor extractor) {
        this.extractor = Objects.requireNonNull(extractor, "extractor");
    }

    public int between(String query, String memoryContent) {
        return count(extractor.extract(query), extractor.extract(memoryContent));
    }

    /** For callers that already hold the query's entities (extracted once per search). */
    public int count(Collection<FinanceEntity> queryEntities, String memoryContent) {
        return count(queryEntities, extractor.extract(memoryContent));
    }

    public static int count(Collection<FinanceEntity> queryEntities, Collection<FinanceEntity> memoryEntities) {
        Set<FinanceEntity> shared = new HashSet<>(queryEntities);
        shared.retainAll(new HashSet<>(memoryEntities));
        return shared.size();
    }
}
