package dev.strata.adapters.http.role;

import dev.strata.domain.role.Asset;
import dev.strata.domain.role.Evidence;
import dev.strata.domain.role.Outcome;
import dev.strata.domain.role.Reflection;
import dev.strata.domain.role.RoleMemoryEntry;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

import java.io.StringReader;
import java.math.BigDecimal;
import java.util.List;

/**
 * A role-memory entry. {@code inputs} is the JSON object the decision was recorded with; the outcome
 * and reflection fields are null until there is one. {@code note} says why a pending entry is still
 * pending (or why a skipped one was skipped).
 */
@JsonbPropertyOrder({"id", "role", "asset", "decision", "inputs", "status", "createdAt", "updatedAt", "outcome",
        "evidence", "classification", "narrative", "lesson", "reflectedAt", "model", "note"})
public record RoleMemoryEntryView(
        long id,
        String role,
        String asset,
        String decision,
        JsonObject inputs,
        String status,
        @JsonbNillable @JsonbProperty("created_at") String createdAt,
        @JsonbNillable @JsonbProperty("updated_at") String updatedAt,
        OutcomeView outcome,
        List<EvidenceView> evidence,
        String classification,
        String narrative,
        String lesson,
        @JsonbNillable @JsonbProperty("reflected_at") String reflectedAt,
        String model,
        String note) {

    @JsonbPropertyOrder({"summary", "changePercent", "source", "measuredAt"})
    public record OutcomeView(String summary, @JsonbNillable @JsonbProperty("change_percent") BigDecimal changePercent, String source,
                              @JsonbNillable @JsonbProperty("measured_at") String measuredAt) {
    }

    @JsonbPropertyOrder({"kind", "source", "text", "at"})
    public record EvidenceView(String kind, String source, String text, String at) {
    }

    static RoleMemoryEntryView of(RoleMemoryEntry e) {
        Reflection r = e.reflection().orElse(null);
        Outcome o = e.outcome().orElse(null);
        return new RoleMemoryEntryView(e.id().value(), e.role().value(), e.asset().map(Asset::symbol).orElse(null),
                e.decision(), inputs(e.inputs().json()), e.status().wireName(), e.createdAt().toString(),
                e.updatedAt().toString(),
                o == null ? null : new OutcomeView(o.summary(), o.changePercent().orElse(null), o.source(),
                        o.measuredAt().toString()),
                e.evidence().stream().map((Evidence x) -> new EvidenceView(x.kind(), x.source(), x.text(),
                        x.at().toString())).toList(),
                r == null ? null : r.classification().wireName(), r == null ? null : r.narrative(),
                r == null ? null : r.lesson().orElse(null), r == null ? null : r.reflectedAt().toString(),
                r == null ? null : r.model(), e.note().orElse(null));
    }

    private static JsonObject inputs(String json) {
        try (JsonReader reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            // Stored inputs were a JSON object when written; a row edited by hand shows as empty rather than failing.
            return JsonObject.EMPTY_JSON_OBJECT;
        }
    }
}
