package dev.strata.adapters.http.memory;

import dev.strata.application.memory.SearchResults;

import java.util.List;

/** {@code POST /v1/memory/search}: the hits, best first, and which pipeline answered. */
record SearchView(List<HitView> hits, String searchMode) {

    static SearchView of(SearchResults results) {
        return new SearchView(results.hits().stream().map(HitView::of).toList(), results.mode().wireName());
    }
}
