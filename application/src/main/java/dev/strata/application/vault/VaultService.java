package dev.strata.application.vault;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.VaultEntry;
import dev.strata.domain.vault.VaultStore;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * The vault use cases: set, get, list, delete. It keeps the {@link CredentialScrubber} in step with
 * the store: every secret is registered when the service is built (so a restart redacts what was
 * stored before) and on each change, and un-registered when it is deleted or stops being secret.
 */
public final class VaultService {

    private final VaultStore store;
    private final CredentialScrubber scrubber;
    private final Clock clock;
    private final AuditTrail audit;

    /** @param audit where sets and deletes are recorded (the key and who, never the value) */
    public VaultService(VaultStore store, CredentialScrubber scrubber, Clock clock, AuditLog audit) {
        this.audit = new AuditTrail(audit);
        this.store = Objects.requireNonNull(store, "store");
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.clock = Objects.requireNonNull(clock, "clock");
        scrubber.replaceAll(store.secrets());
    }

    public List<VaultEntry> list(Tenant tenant) {
        return store.all(tenant);
    }

    public VaultEntry get(Tenant tenant, String key) {
        return store.get(tenant, VaultEntry.checkKey(key)).orElseThrow(() -> new NotFoundException("vault key", key));
    }

    /** Registers a secret with the scrubber before storing it, so no output between the two can show it. */
    public synchronized VaultEntry set(Tenant tenant, String key, String value, boolean secret, Actor actor) {
        VaultEntry.checkKey(key);
        VaultEntry.checkValue(value, secret);
        if (secret) {
            scrubber.register(tenant, key, value);
        }
        VaultEntry stored = store.put(tenant, key, value, secret, clock.instant());
        if (!secret) {
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
}
