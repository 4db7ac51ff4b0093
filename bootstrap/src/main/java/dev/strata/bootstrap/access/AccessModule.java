package dev.strata.bootstrap.access;

import dev.strata.adapters.sqlite.SqliteApiKeyStore;
import dev.strata.adapters.sqlite.SqliteAuditLog;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteVaultStore;
import dev.strata.application.access.AccessService;
import dev.strata.application.audit.AuditService;
import dev.strata.application.vault.VaultService;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Clock;

/** The access area: API keys and their scopes, and the vault whose scrubber every response and log line passes. */
public final class AccessModule implements AreaModule {

    private final AccessService access;
    private final VaultService vault;
    private final AuditService audit;

    private AccessModule(AccessService access, VaultService vault, AuditService audit) {
        this.access = access;
        this.vault = vault;
        this.audit = audit;
    }

    public static AccessModule wire(SqliteDatabase db, Clock clock) {
        SqliteAuditLog log = new SqliteAuditLog(db);
        return new AccessModule(new AccessService(new SqliteApiKeyStore(db), clock, log),
                new VaultService(new SqliteVaultStore(db), new CredentialScrubber(), clock, log),
                new AuditService(log));
    }

    /** Reads the audit trail ({@code GET /v1/audit}). */
    public AuditService audit() {
        return audit;
    }

    /** Creates, lists, revokes and authenticates API keys. */
    public AccessService access() {
        return access;
    }

    public VaultService vault() {
        return vault;
    }
}
