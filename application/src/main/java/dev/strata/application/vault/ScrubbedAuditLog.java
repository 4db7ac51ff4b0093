package dev.strata.application.vault;

import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
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
    public List<AuditEntry> recent(Tenant tenant, int limit) {
        return log.recent(tenant, limit).stream().map(this::scrubbed).toList();
    }

    private AuditEntry scrubbed(AuditEntry e) {
        return new AuditEntry(e.tenant(), e.action(), scrubber.redactFor(e.tenant(), e.subject()),
                scrubber.redactFor(e.tenant(), e.detail()), e.at());
    }
}
