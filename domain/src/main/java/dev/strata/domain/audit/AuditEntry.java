package dev.strata.domain.audit;

import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;

/**
 * One auditable action: in which tenant, what ({@code action}, e.g. {@code memory.delete}), on which
 * subject ({@code memory:42}, {@code vault:OPENAI_KEY}), a short human-readable detail, and who did
 * it. Never holds a secret: a vault entry is named by its key, an API key by its id, and the
 * detail describes the change rather than quoting the value.
 */
public record AuditEntry(Tenant tenant, String action, String subject, String detail, Actor actor, Instant at) {

    public AuditEntry {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(at, "at");
    }

    /** The same entry with other text (a decorator redacting subject and detail keeps the rest). */
    public AuditEntry withText(String subject, String detail) {
        return new AuditEntry(tenant, action, subject, detail, actor, at);
    }
}
