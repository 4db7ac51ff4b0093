package dev.strata.domain.retrieval;

import java.util.List;
import java.util.Objects;

/** A ranked answer and the pipeline that produced it ({@code search_mode}). */
public record RankedResults(SearchMode searchMode, List<RankedHit> hits) {

    public RankedResults {
        Objects.requireNonNull(searchMode, "searchMode");
        hits = List.copyOf(hits);
    }
}
