package dev.strata.adapters.http.role;

import dev.strata.application.role.Recall;
import dev.strata.application.role.RoleLesson;
import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.retrieval.SearchMode;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

import java.util.List;

/**
 * What {@code GET /v1/roles/{role}/recall} answers: without {@code query} the role's recent
 * {@code lessons}; with one, the matching entries as {@code hits} and the {@code search_mode} that found them.
 */
@JsonbPropertyOrder({"role", "query", "searchMode", "lessons", "hits"})
public record RecallView(String role, String query, @JsonbNillable @JsonbProperty("search_mode") String searchMode,
                         List<LessonView> lessons, List<HitView> hits) {

    @JsonbPropertyOrder({"entryId", "role", "skill", "classification", "lesson", "reflectedAt"})
    public record LessonView(@JsonbNillable @JsonbProperty("entry_id") long entryId, String role, String skill, String classification,
                             String lesson, @JsonbNillable @JsonbProperty("reflected_at") String reflectedAt) {

        static LessonView of(RoleLesson l) {
            return new LessonView(l.entry().value(), l.role().value(), l.skill().value(), l.classification().wireName(),
                    l.lesson(), l.reflectedAt().toString());
        }
    }

    @JsonbPropertyOrder({"score", "arms", "entry"})
    public record HitView(double score, List<String> arms, RoleMemoryEntryView entry) {
    }

    static RecallView of(Recall r) {
        return new RecallView(r.role().id().value(), r.query().orElse(null), r.mode().map(SearchMode::wireName).orElse(null),
                r.lessons().stream().map(LessonView::of).toList(),
                r.hits().stream().map(h -> new HitView(h.score(), h.arms().stream().sorted().map(Arm::wireName).toList(),
                        RoleMemoryEntryView.of(h.entry()))).toList());
    }
}
