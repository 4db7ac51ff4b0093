package dev.strata.adapters.http.role;

import dev.strata.application.role.ReflectionReport;
import dev.strata.domain.role.Classification;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

import java.util.List;

/**
 * What {@code POST /v1/roles/{role}/reflect} did. {@code dropped} is true when a reflection of the role
 * was already running: this request did nothing and {@code message} says so.
 */
@JsonbPropertyOrder({"role", "dropped", "message", "reflected", "skipped", "pending", "notDue", "entries"})
public record ReflectionView(String role, boolean dropped, String message, long reflected, long skipped, long pending,
                             @JsonbNillable @JsonbProperty("not_due") long notDue, List<EntryResultView> entries) {

    @JsonbPropertyOrder({"id", "result", "classification", "detail"})
    public record EntryResultView(long id, String result, String classification, String detail) {
    }

    static ReflectionView of(ReflectionReport r) {
        return new ReflectionView(r.role().value(), r.dropped(), r.message(),
                r.count(ReflectionReport.Result.REFLECTED), r.count(ReflectionReport.Result.SKIPPED),
                r.count(ReflectionReport.Result.PENDING), r.count(ReflectionReport.Result.NOT_DUE),
                r.entries().stream().map(e -> new EntryResultView(e.id().value(),
                        e.result().name().toLowerCase(java.util.Locale.ROOT),
                        e.classification().map(Classification::wireName).orElse(null), e.detail())).toList());
    }
}
