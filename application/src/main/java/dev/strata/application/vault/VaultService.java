package dev.strata.application.vault;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.RedactionPolicy;
import dev.strata.domain.vault.RedactionReport;
import dev.strata.domain.vault.StoredTextRedaction;
import dev.strata.domain.vault.VaultEntry;
import dev.strata.domain.vault.VaultSecret;
import dev.strata.domain.vault.VaultStore;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The vault use cases: set, get, list, delete. It keeps the {@link CredentialScrubber} in step with
 * the store: every secret is registered when the service is built (so a restart redacts what was
 * stored before) and on each change, and un-registered when it is deleted or stops being secret.
 *
 * <p>It also keeps secrets out of the rest of the stored text. Text is redacted as it is written,
 * by the services that write it; text written before its secret was registered is rewritten here
 * ({@link StoredTextRedaction}) as soon as the secret is set, so from the moment {@link #set} returns
 * no memory, fact, profile value, audit entry or session holds it, and search (keyword and vector)
 * can neither find nor confirm it. At start, values still in clear at rest are sealed
 * ({@link VaultStore#sealAtRest}) and secrets set while redaction could not run (a crash between the
 * two, an upgrade) are swept then.
 */
public final class VaultService {

    private static final System.Logger LOG = System.getLogger(VaultService.class.getName());

    private final VaultStore store;
    private final CredentialScrubber scrubber;
    private final Clock clock;
    private final Optional<StoredTextRedaction> redaction;
    private final RedactionPolicy policy;
    private final AuditTrail audit;

    /**
     * Without stored-text redaction, for tests and tools that hold no other stored text. Secrets are
     * then left marked as not yet swept, so the next start with redaction wired sweeps for them.
     *
     * @param audit where sets and deletes are recorded (the key and who, never the value)
     */
    public VaultService(VaultStore store, CredentialScrubber scrubber, Clock clock, AuditLog audit) {
        this(store, scrubber, clock, Optional.empty(), new EdgeExtractor(new FinanceEntityExtractor()), audit);
    }

    /**
     * @param redaction rewrites stored text written before its secret was registered
     * @param edges     derives a rewritten memory's edges: an extractor equal to the memory write path's
     * @param audit     where sets and deletes are recorded (the key and who, never the value)
     */
    public VaultService(VaultStore store, CredentialScrubber scrubber, Clock clock, StoredTextRedaction redaction,
                        EdgeExtractor edges, AuditLog audit) {
        this(store, scrubber, clock, Optional.of(Objects.requireNonNull(redaction, "redaction")), edges, audit);
    }

    private VaultService(VaultStore store, CredentialScrubber scrubber, Clock clock,
                         Optional<StoredTextRedaction> redaction, EdgeExtractor edges, AuditLog audit) {
        this.audit = new AuditTrail(audit);
        this.store = Objects.requireNonNull(store, "store");
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.redaction = redaction;
        this.policy = new SecretRedactionPolicy(scrubber, edges);
        int sealed = store.sealAtRest();
        if (sealed > 0) {
            LOG.log(System.Logger.Level.INFO, "vault: {0} secret value(s) sealed under the current key", sealed);
        }
        scrubber.replaceAll(store.secrets());
        redactPending();
    }

    public List<VaultEntry> list(Tenant tenant) {
        return store.all(tenant);
    }

    public VaultEntry get(Tenant tenant, String key) {
        return store.get(tenant, VaultEntry.checkKey(key)).orElseThrow(() -> new NotFoundException("vault key", key));
    }

    /**
     * Registers a secret with the scrubber before storing it, so no output between the two can show
     * it, then rewrites the stored text that already held it.
     */
    public synchronized VaultEntry set(Tenant tenant, String key, String value, boolean secret, Actor actor) {
        VaultEntry.checkKey(key);
        VaultEntry.checkValue(value, secret);
        if (secret) {
            scrubber.register(tenant, key, value);
        }
        VaultEntry stored = store.put(tenant, key, value, secret, clock.instant());
        if (secret) {
            redactPending();
        } else {
            scrubber.unregister(tenant, key);
        }
        audit.record(new AuditEntry(tenant, "vault.set", "vault:" + key, secret ? "secret value set (never shown)"
                : "plain value set", actor, stored.updatedAt()));
        return stored;
    }

    public synchronized void delete(Tenant tenant, String key, Actor actor) {
        if (!store.delete(tenant, VaultEntry.checkKey(key))) {
            throw new NotFoundException("vault key", key);
        }
        scrubber.unregister(tenant, key);
        audit.record(new AuditEntry(tenant, "vault.delete", "vault:" + key, "deleted", actor, clock.instant()));
    }

    public CredentialScrubber scrubber() {
        return scrubber;
    }

    /** Sweeps stored text for the secrets not yet swept, then records them as done. */
    private synchronized void redactPending() {
        if (redaction.isEmpty()) {
            return;
        }
        List<VaultSecret> pending = store.unredactedSecrets();
        if (pending.isEmpty()) {
            return;
        }
        RedactionReport report = redaction.get().redactAll(policy);
        if (report.total() > 0) {
            LOG.log(System.Logger.Level.INFO, "vault: stored text holding a secret was redacted: {0}", report);
        }
        for (VaultSecret secret : pending) {
            store.markRedacted(secret.tenant(), secret.key(), clock.instant());
        }
    }
}
