package dev.strata.application.graph;

/** What a replay of the edge extractor did: how many stored memories it read and how many edges were new. */
public record EdgeReplay(long memories, long added) {

    public EdgeReplay {
        if (memories < 0 || added < 0) {
            throw new IllegalArgumentException("counts are never negative: " + memories + ", " + added);
        }
    }
}
