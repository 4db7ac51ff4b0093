package dev.strata.adapters.http.memory;

import dev.strata.application.memory.SearchResults;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.retrieval.Arm;
import jakarta.json.JsonObject;

import java.util.List;

/**
 * A search hit: the memory, the matching {@code snippet}, its {@code score} (0..1 in every mode, the best hit 1),
 * its {@code raw_score} (the ranking value, comparable within one mode) and the {@code arms} that found it.
 */
public record HitView(long id, String key, String category, String type, String content, String snippet,
                      double score, double rawScore, boolean isActive, String source, JsonObject metadata,
                      List<String> injectionFlags, String updatedAt, String occurredAt, List<String> arms) {

    public static HitView of(SearchResults.Found found) {
        SearchHit h = found.hit();
        Memory m = h.memory();
        return new HitView(m.id().value(), m.key().map(Object::toString).orElse(null), m.category().value(),
                m.category().value(), m.content(), h.snippet(), h.score(), h.rawScore(), m.isActive(),
                m.source().wireName(), MemoryView.metadata(m), m.injectionFlags(), m.updatedAt().toString(),
                m.occurredAt().toString(), found.orderedArms().stream().map(Arm::wireName).toList());
    }
}
