package dev.strata.adapters.http;

import dev.strata.application.access.AccessService;
import dev.strata.application.entity.EntityService;
import dev.strata.application.fact.ConsolidationSettings;
import dev.strata.application.fact.FactConsolidator;
import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.model.DisabledLanguageModel;
import dev.strata.application.model.ModelSpendService;
import dev.strata.application.profile.ProfileService;
import dev.strata.application.session.SessionService;
import dev.strata.application.snapshot.SnapshotService;
import dev.strata.application.vault.VaultService;
import dev.strata.domain.access.InMemoryApiKeyStore;
import dev.strata.domain.entity.EdgeExtractor;
import dev.strata.domain.entity.FinanceEntityExtractor;
import dev.strata.domain.entity.InMemoryMemoryEdgeStore;
import dev.strata.domain.fact.InMemoryFactStore;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.model.BudgetPolicy;
import dev.strata.domain.model.InMemorySpendLedger;
import dev.strata.domain.profile.InMemoryUserProfileStore;
import dev.strata.domain.session.InMemorySessionStore;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.InMemoryVaultStore;
import dev.strata.domain.workspace.InMemoryWorkspaceReader;
import dev.strata.domain.workspace.WorkspaceLimits;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.function.BooleanSupplier;

/** Every application service the gateway exposes, built on the domain's in-memory fakes. */
final class FakeServices {

    private FakeServices() {
    }

    static GatewayServices build(Clock clock, InMemoryMemoryStore memoryStore, InMemoryUserProfileStore profileStore,
                                 MemoryService memories, BooleanSupplier storageReady, AccessService access,
                                 VaultService vault) {
        ProfileService profile = new ProfileService(profileStore, clock);
        SnapshotService snapshots = new SnapshotService(memoryStore, profileStore, SnapshotService.DEFAULT_MEMORY_LIMIT,
                clock);
        InMemoryWorkspaceReader workspace = new InMemoryWorkspaceReader(WorkspaceLimits.defaults(), clock);
        SessionService sessions = new SessionService(workspace, workspace, snapshots, profile,
                new InMemorySessionStore(), Duration.ofHours(24), clock);
        InMemoryFactStore factStore = new InMemoryFactStore();
        DisabledLanguageModel model = new DisabledLanguageModel();
        GeneralFactService facts = new GeneralFactService(factStore, new FactConsolidator(model, factStore, memoryStore,
                clock, ConsolidationSettings.DISABLED), clock, MemoryLimits.DEFAULTS.maxContentChars());
        ModelSpendService spend = new ModelSpendService(model, new InMemorySpendLedger(), BudgetPolicy.unlimited(),
                clock, ZoneOffset.UTC);
        EntityService entities = new EntityService(new InMemoryMemoryEdgeStore(memoryStore),
                new EdgeExtractor(new FinanceEntityExtractor()), clock);
        return new GatewayServices(memories, profile, snapshots, sessions, facts, spend, entities, storageReady, access,
                vault);
    }

    static AccessService access(Clock clock) {
        return new AccessService(new InMemoryApiKeyStore(), clock);
    }

    static VaultService vault(Clock clock) {
        return new VaultService(new InMemoryVaultStore(), new CredentialScrubber(), clock);
    }
}
