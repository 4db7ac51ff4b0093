package dev.strata.application.memory;

import dev.strata.domain.memory.SearchRequest;

/**
 * The search pipeline behind {@link MemoryService#searchRanked}: keyword-only by default, hybrid
 * (keyword + vector arms fused) when the composition root plugs one in.
 */
@FunctionalInterface
public interface MemorySearch {

    SearchResults search(SearchRequest request);
}
