package dev.strata.domain.retrieval;

import java.time.Instant;
import java.util.Map;

/**
 * What {@link NeighbourContext} needs around the arms' hits, loaded by the caller.
 *
 * @param written write time of each of the tenant's live memories among
 *                {@link NeighbourContext#idsAround} the hits, the hits included
 * @param rows    the memories that may be returned as context: those of {@code written} that no arm
 *                found and that the search may answer with (category asked, not superseded)
 */
public record Neighbourhood(Map<Long, Instant> written, Map<Long, Candidate> rows) {

    /** Nothing around: neighbour context does nothing. */
    public static final Neighbourhood NONE = new Neighbourhood(Map.of(), Map.of());

    public Neighbourhood {
        written = Map.copyOf(written);
        rows = Map.copyOf(rows);
    }
}
