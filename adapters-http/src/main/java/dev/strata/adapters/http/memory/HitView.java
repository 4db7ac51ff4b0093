package dev.strata.adapters.http.memory;

import dev.strata.application.memory.SearchResults;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.retrieval.Arm;
import jakarta.json.JsonObject;

import java.util.List;

/** A search hit: the memory, the matching {@code snippet}, its {@code score} and the {@code arms} that found it. */
public record HitView(long id, String key, String category, String type, String content, String snippet,
                      double score, boolean isActive, String source, JsonObject metadata, List<String> injectionFlags,
                      String updatedAt, List<String> arms) {

    public static HitView of(SearchResults.Found found) {
        SearchHit h = found.hit();
        Memory m = h.memory();
        return new HitView(m.id().value(), m.key().map(Object::toString).orElse(null), m.category().value(),
                m.category().value(), m.content(), h.snippet(), h.score(), m.isActive(), m.source().wireName(),
                MemoryView.metadata(m), m.injectionFlags(), m.updatedAt().toString(),
                found.orderedArms().stream().map(Arm::wireName).toList());
    }
}
