package dev.strata.application.role;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Classification;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleMemoryId;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one reflection run of a role did. {@code dropped} means another reflection of the same role
 * (and tenant) was already running, so this request did nothing: the in-flight one covers it.
 * {@code message} says so, or summarises the run.
 */
public record ReflectionReport(Tenant tenant, RoleId role, boolean dropped, String message, List<EntryResult> entries) {

    /** What became of one entry in this run. */
    public enum Result {
        /** Classified and stored (with a lesson when trainable). */
        REFLECTED,
        /** Older than the role's maxAgeHours: marked skipped, never to be reflected. */
        SKIPPED,
        /** Still pending: {@code detail} says why (probe, model, budget). */
        PENDING,
        /** Younger than the role's minAgeHours: left alone. */
        NOT_DUE
    }

    public record EntryResult(RoleMemoryId id, Result result, Optional<Classification> classification, String detail) {
        public EntryResult {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(classification, "classification");
            Objects.requireNonNull(detail, "detail");
        }
    }

    public ReflectionReport {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(message, "message");
        entries = List.copyOf(entries);
    }

    static ReflectionReport dropped(Tenant tenant, RoleId role) {
        return new ReflectionReport(tenant, role, true, "a reflection of role " + role + " is already running; this "
                + "request was dropped and the running one will finish the work", List.of());
    }

    public long count(Result result) {
        return entries.stream().filter(e -> e.result() == result).count();
    }

    public long lessons() {
        return entries.stream().filter(e -> e.result() == Result.REFLECTED
                && e.classification().map(Classification::trainable).orElse(false)).count();
    }
}
