package dev.strata.domain.graph;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
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

    /**
     * The counts of many memories against one query's entities (a search's candidates): a memory holding
     * no {@link FinanceEntityExtractor#spellings spelling} of any of them counts 0 without being extracted.
     */
    public Probe probe(Collection<FinanceEntity> queryEntities) {
        return new Probe(extractor, List.copyOf(queryEntities));
    }

    /** {@link #count(Collection, String)} for one query's entities, extracting only the memories that may hold one. */
    public static final class Probe {

        private final FinanceEntityExtractor extractor;
        private final List<FinanceEntity> queryEntities;
        /** Empty when some entity has no known spellings: then every memory is extracted. */
        private final Optional<List<String>> spellings;

        private Probe(FinanceEntityExtractor extractor, List<FinanceEntity> queryEntities) {
            this.extractor = extractor;
            this.queryEntities = queryEntities;
            List<String> all = new ArrayList<>();
            boolean known = true;
            for (FinanceEntity entity : queryEntities) {
                Optional<Set<String>> of = extractor.spellings(entity);
                known &= of.isPresent();
                of.ifPresent(all::addAll);
            }
            this.spellings = known ? Optional.of(List.copyOf(all)) : Optional.empty();
        }

        public int count(String memoryContent) {
            if (queryEntities.isEmpty()) {
                return 0;
            }
            if (spellings.isPresent()) {
                String lower = memoryContent.toLowerCase(Locale.ROOT);
                if (spellings.get().stream().noneMatch(lower::contains)) {
                    return 0;
                }
            }
            return EntityOverlap.count(queryEntities, extractor.extract(memoryContent));
        }
    }

    public static int count(Collection<FinanceEntity> queryEntities, Collection<FinanceEntity> memoryEntities) {
        Set<FinanceEntity> shared = new HashSet<>(queryEntities);
        shared.retainAll(new HashSet<>(memoryEntities));
        return shared.size();
    }
}
