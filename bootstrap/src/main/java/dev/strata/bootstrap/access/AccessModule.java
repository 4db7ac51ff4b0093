package dev.strata.bootstrap.access;

import dev.strata.adapters.sqlite.SqliteApiKeyStore;
import dev.strata.adapters.sqlite.SqliteAuditLog;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteStoredTextRedaction;
import dev.strata.adapters.sqlite.SqliteVaultStore;
import dev.strata.application.access.AccessService;
import dev.strata.application.audit.AuditService;
import dev.strata.application.vault.ScrubbedAuditLog;
import dev.strata.application.vault.VaultService;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.vault.CredentialScrubber;

import java.nio.file.Path;
import java.time.Clock;

/** The access area: API keys and their scopes, and the vault whose scrubber every response and log line passes. */
public final class AccessModule implements AreaModule {

    private final AccessService access;
    private final VaultService vault;
    private final AuditLog log;
    private final AuditService audit;

    private AccessModule(AccessService access, VaultService vault, AuditLog log) {
        this.access = access;
        this.vault = vault;
        this.log = log;
        this.audit = new AuditService(log);
    }

    /**
     * Wired before the areas that store text: its scrubber is the one every writer redacts with. Building
     * the vault seals secret values still in clear at rest and sweeps stored text for secrets not yet
     * swept, before any request is served. It owns the audit log every area writes, redacted by that
     * scrubber.
     *
     * @param dataDir where the database lives; the default key file sits beside it, outside it
     */
    public static AccessModule wire(SqliteDatabase db, VaultSettings settings, Path dataDir, Clock clock) {
        CredentialScrubber scrubber = new CredentialScrubber();
        AuditLog log = new ScrubbedAuditLog(new SqliteAuditLog(db), scrubber);
        VaultService vault = new VaultService(new SqliteVaultStore(db, settings.keyring(dataDir)), scrubber,
                clock, new SqliteStoredTextRedaction(db, clock), new EdgeExtractor(new FinanceEntityExtractor()), log);
        return new AccessModule(new AccessService(new SqliteApiKeyStore(db), clock, log), vault, log);
    }

    /** The audit log every area writes (entries redacted of the vault's secrets). */
    public AuditLog auditLog() {
        return log;
    }

    /** Reads the audit trail ({@code GET /v1/audit}). */
    public AuditService audit() {
        return audit;
    }

    /** The scrubber of the vault's secrets: every writer of stored text and every output passes it. */
    public CredentialScrubber secrets() {
        return vault.scrubber();
    }

    /** Creates, lists, revokes and authenticates API keys. */
    public AccessService access() {
        return access;
    }

    public VaultService vault() {
        return vault;
    }
}
