package dev.strata.application.memory;

import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.retrieval.SearchMode;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** A search answer: the pipeline that produced it ({@code search_mode}) and its hits, best first. */
public record SearchResults(SearchMode mode, List<Found> hits) {

    public SearchResults {
        Objects.requireNonNull(mode, "mode");
        hits = List.copyOf(hits);
    }

    /** The keyword arm's answer as it is: what every search returns when no vector arm runs. */
    public static SearchResults keywordOnly(List<SearchHit> hits) {
        return new SearchResults(SearchMode.KEYWORD, hits.stream().map(h -> new Found(h, Set.of(Arm.KEYWORD))).toList());
    }

    public List<SearchHit> searchHits() {
        return hits.stream().map(Found::hit).toList();
    }

    /** One hit and the arm(s) that found it. */
    public record Found(SearchHit hit, Set<Arm> arms) {

        public Found {
            Objects.requireNonNull(hit, "hit");
            if (arms.isEmpty()) {
                throw new IllegalArgumentException("a hit was found by at least one arm");
            }
            arms = Set.copyOf(EnumSet.copyOf(arms));
        }

        /** The arms in their declared order, for stable responses. */
        public List<Arm> orderedArms() {
            return EnumSet.copyOf(arms).stream().toList();
        }
    }
}
