package dev.strata.application.vault;

import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.audit.AuditQuery;
import dev.strata.domain.audit.AuditRecord;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.vault.CredentialScrubber;

import java.util.List;
import java.util.Objects;

/**
 * The audit trail with secrets kept out of it: an entry's subject and detail (a supersede reason, a
 * quoted value) are redacted for the entry's tenant before they are written, and again when read,
 * so an entry written before its secret was registered does not show it either.
 */
public final class ScrubbedAuditLog implements AuditLog {

    /** What an actor naming a secret is recorded as. */
    static final String REDACTED_ACTOR = "redacted";

    private final AuditLog log;
    private final CredentialScrubber scrubber;

    public ScrubbedAuditLog(AuditLog log, CredentialScrubber scrubber) {
        this.log = Objects.requireNonNull(log, "log");
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
    }

    @Override
    public void record(AuditEntry e) {
        log.record(scrubbed(e));
    }

    @Override
    public void recordAll(List<AuditEntry> entries) {
        log.recordAll(entries.stream().map(this::scrubbed).toList());
    }

    @Override
    public List<AuditEntry> recent(Tenant tenant, int limit) {
        return log.recent(tenant, limit).stream().map(this::scrubbed).toList();
    }

    @Override
    public List<AuditRecord> find(AuditQuery query) {
        return log.find(query).stream().map(r -> new AuditRecord(r.id(), scrubbed(r.entry()))).toList();
    }

    /**
     * Subject and detail redacted in place. An actor id cannot hold a redaction label (its alphabet has
     * no brackets), so an actor that names a secret is recorded as {@code redacted}, keeping its key id.
     */
    private AuditEntry scrubbed(AuditEntry e) {
        AuditEntry text = e.withText(scrubber.redactFor(e.tenant(), e.subject()), scrubber.redactFor(e.tenant(),
                e.detail()));
        return scrubber.containsSecret(e.actor().id())
                ? new AuditEntry(text.tenant(), text.action(), text.subject(), text.detail(),
                        new Actor(REDACTED_ACTOR, e.actor().keyId()), text.at())
                : text;
    }
}
