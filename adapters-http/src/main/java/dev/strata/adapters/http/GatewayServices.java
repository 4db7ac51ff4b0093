package dev.strata.adapters.http;

import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.access.AccessService;
import dev.strata.application.entity.EntityService;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.model.ModelSpendService;
import dev.strata.application.profile.ProfileService;
import dev.strata.application.session.SessionService;
import dev.strata.application.snapshot.SnapshotService;
import dev.strata.application.vault.VaultService;

import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * The application use cases the gateway exposes, plus a probe of the storage for the readiness check
 * and a test telling a storage outage (disk full, read-only, I/O error: answered 503) from a defect
 * (500). {@code access} verifies API keys; {@code vault} also carries the credential scrubber every
 * response body passes through.
 */
public record GatewayServices(MemoryService memories, ProfileService profile, SnapshotService snapshots,
                              SessionService sessions, GeneralFactService facts, ModelSpendService spend,
                              EntityService entities, BooleanSupplier storageReady, AccessService access,
                              VaultService vault, Predicate<Throwable> storageUnavailable) {

    /** Without a storage-outage test: every unexpected failure is a 500. */
    public GatewayServices(MemoryService memories, ProfileService profile, SnapshotService snapshots,
                           SessionService sessions, GeneralFactService facts, ModelSpendService spend,
                           EntityService entities, BooleanSupplier storageReady, AccessService access,
                           VaultService vault) {
        this(memories, profile, snapshots, sessions, facts, spend, entities, storageReady, access, vault,
                failure -> false);
    }

    public GatewayServices {
        Objects.requireNonNull(memories, "memories");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(snapshots, "snapshots");
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(facts, "facts");
        Objects.requireNonNull(spend, "spend");
        Objects.requireNonNull(entities, "entities");
        Objects.requireNonNull(storageReady, "storageReady");
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(vault, "vault");
        Objects.requireNonNull(storageUnavailable, "storageUnavailable");
    }
}
