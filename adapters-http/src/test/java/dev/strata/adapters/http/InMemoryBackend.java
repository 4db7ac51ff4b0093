package dev.strata.adapters.http;

import dev.strata.adapters.http.audit.AuditHttpService;
import dev.strata.adapters.http.graph.EntityHttpService;
import dev.strata.adapters.http.fact.FactHttpService;
import dev.strata.adapters.http.learning.LearningHttpService;
import dev.strata.adapters.http.memory.MemoryHttpService;
import dev.strata.adapters.http.languagemodel.ModelHttpService;
import dev.strata.adapters.http.personalization.PersonalizationHttpService;
import dev.strata.adapters.http.role.RoleHttpService;
import dev.strata.adapters.http.session.SessionHttpService;
import dev.strata.adapters.http.snapshot.SnapshotHttpService;
import dev.strata.adapters.http.mcp.McpHttpService;
import dev.strata.domain.session.SessionId;
import dev.strata.adapters.http.mcp.McpResources;
import dev.strata.adapters.http.tool.ToolHttpService;
import dev.strata.adapters.http.vault.VaultHttpService;
import dev.strata.application.access.AccessService;
import dev.strata.application.audit.AuditService;
import dev.strata.application.graph.EntityService;
import dev.strata.application.fact.ConsolidationSettings;
import dev.strata.application.fact.FactConsolidator;
import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.learning.CompiledPageService;
import dev.strata.application.learning.LearningEvents;
import dev.strata.application.learning.LearningLoopSettings;
import dev.strata.application.learning.LearningTools;
import dev.strata.application.learning.LearningsService;
import dev.strata.application.learning.MethodologyService;
import dev.strata.application.learning.PreferenceService;
import dev.strata.application.learning.SynthesisService;
import dev.strata.application.learning.TradeService;
import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.idempotency.IdempotencyService;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.session.MemoryErasure;
import dev.strata.application.memory.MemoryTools;
import dev.strata.application.memory.SecretSafeSearch;
import dev.strata.application.languagemodel.DisabledLanguageModel;
import dev.strata.application.languagemodel.ModelSpendService;
import dev.strata.application.personalization.CapitalService;
import dev.strata.application.personalization.PersonalizationPolicy;
import dev.strata.application.personalization.PersonalizationService;
import dev.strata.application.personalization.PersonalizationTools;
import dev.strata.application.personalization.StrategyRunService;
import dev.strata.application.profile.ProfileService;
import dev.strata.application.role.PriceService;
import dev.strata.application.role.RoleLessonsBlock;
import dev.strata.application.role.RoleMemoryService;
import dev.strata.application.role.RoleProbes;
import dev.strata.application.role.RoleRecall;
import dev.strata.application.role.RoleReflector;
import dev.strata.application.role.RoleTimeline;
import dev.strata.application.role.RoleTools;
import dev.strata.application.role.StoredPriceFeed;
import dev.strata.application.session.SessionService;
import dev.strata.application.snapshot.SnapshotService;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.vault.VaultService;
import dev.strata.application.vault.VaultTools;
import dev.strata.domain.MutableClock;
import io.helidon.health.HealthCheck;
import io.helidon.health.HealthCheckResponse;
import io.helidon.health.HealthCheckType;
import dev.strata.domain.idempotency.InMemoryIdempotencyStore;
import dev.strata.domain.access.InMemoryApiKeyStore;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.graph.InMemoryMemoryEdgeStore;
import dev.strata.domain.fact.InMemoryFactStore;
import dev.strata.domain.learning.InMemoryLearningStore;
import dev.strata.domain.learning.InMemoryMethodologyStore;
import dev.strata.domain.learning.InMemoryPreferenceStore;
import dev.strata.domain.learning.InMemoryTradeStore;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.languagemodel.BudgetPolicy;
import dev.strata.domain.languagemodel.InMemorySpendLedger;
import dev.strata.domain.personalization.InMemoryCapitalMetricsStore;
import dev.strata.domain.personalization.InMemoryFinancialProfileStore;
import dev.strata.domain.personalization.InMemoryStrategyRunStore;
import dev.strata.domain.personalization.InMemoryUserTagStore;
import dev.strata.domain.personalization.PortfolioReading;
import dev.strata.domain.personalization.PortfolioSource;
import dev.strata.domain.profile.InMemoryUserProfileStore;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import dev.strata.domain.role.InMemoryPricePointStore;
import dev.strata.domain.role.InMemoryRoleMemoryStore;
import dev.strata.domain.role.ProbeRegistry;
import dev.strata.domain.role.RoleFixtures;
import dev.strata.domain.role.RoleRegistry;
import dev.strata.domain.session.InMemorySessionExplanationStore;
import dev.strata.domain.session.InMemorySessionStore;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.InMemoryVaultStore;
import dev.strata.domain.workspace.InMemoryWorkspaceReader;
import dev.strata.domain.workspace.WorkspaceLimits;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the gateway tests run against: the real application services over the domain's in-memory
 * fakes, on a clock the test moves, and every resource built on them as the composition root
 * builds them on SQLite. Tests reach into the fakes only to set up state or to prove that a
 * refused request changed nothing.
 */
final class InMemoryBackend {

    static final Instant START = Instant.parse("2026-01-05T09:00:00Z");

    final MutableClock clock = new MutableClock(START);
    final InMemoryMemoryStore memoryStore = new InMemoryMemoryStore();
    final InMemoryUserProfileStore profileStore = new InMemoryUserProfileStore();
    final InMemoryAuditLog audit = new InMemoryAuditLog();
    /** What the storage probe answers, unless the test gives the gateway another probe. */
    final AtomicBoolean storageUp = new AtomicBoolean(true);
    final MemoryService memories = new MemoryService(memoryStore, audit, clock, MemoryLimits.DEFAULTS,
            Duration.ofDays(30));
    final AccessService access = new AccessService(new InMemoryApiKeyStore(), clock, audit);
    final VaultService vault = new VaultService(new InMemoryVaultStore(), new CredentialScrubber(), clock, audit);
    final ProfileService profile = new ProfileService(profileStore, clock, audit);
    final AuditService auditTrail = new AuditService(audit);
    final SnapshotService snapshots = new SnapshotService(memoryStore, profileStore,
            SnapshotService.DEFAULT_MEMORY_LIMIT, clock);
    final SecretSafeSearch search = new SecretSafeSearch(memories, vault.scrubber());
    final SessionService sessions;
    final GeneralFactService facts;
    final ModelSpendService spend;
    final EntityService entities = new EntityService(new InMemoryMemoryEdgeStore(memoryStore),
            new EdgeExtractor(new FinanceEntityExtractor()), clock);
    /** The model circuit the health check reports. */
    final java.util.concurrent.atomic.AtomicReference<String> circuit =
            new java.util.concurrent.atomic.AtomicReference<>("closed");
    final InMemoryIdempotencyStore idempotencyStore = new InMemoryIdempotencyStore();
    final IdempotencyService idempotency = new IdempotencyService(idempotencyStore, clock);
    final InMemoryMethodologyStore methodologyStore = new InMemoryMethodologyStore();
    final InMemoryTradeStore tradeStore = new InMemoryTradeStore(methodologyStore);
    final InMemoryPreferenceStore preferenceStore = new InMemoryPreferenceStore();
    final LearningLoopSettings learningSettings = LearningLoopSettings.defaults();
    final MethodologyService methodologies;
    final TradeService trades;
    final PreferenceService preferences;
    final LearningsService learnings;
    final CompiledPageService pages;
    final SynthesisService synthesis;
    final InMemoryFinancialProfileStore financialProfiles = new InMemoryFinancialProfileStore();
    final InMemoryUserTagStore tagStore = new InMemoryUserTagStore();
    final PersonalizationService personalization = new PersonalizationService(financialProfiles, tagStore, memories,
            profile, PersonalizationPolicy.defaults(), clock, vault.scrubber(), audit);
    /** What the portfolio sources answer; a test swaps it (null: unavailable). */
    final java.util.concurrent.atomic.AtomicReference<PortfolioReading> portfolio =
            new java.util.concurrent.atomic.AtomicReference<>();
    final CapitalService capital = new CapitalService(new InMemoryCapitalMetricsStore(), financialProfiles,
            portfolioSource(), PersonalizationPolicy.defaults(), clock, audit);
    final StrategyRunService strategyRuns = new StrategyRunService(new InMemoryStrategyRunStore(),
            PersonalizationPolicy.defaults(), clock, audit);
    /** Conversations, the trade mirror and the profile refresh. */
    final ConversationTradingBackend mine;
    /**
     * The role area (spec 05) with one declared role per probe kind: price_delta
     * ({@code analysis.valuation.target_price}), custom ({@code market.onchain.whale_follow}, whose probe
     * nobody registered here) and manual ({@code research.thesis}). The model is off, so a reflection
     * leaves every due entry pending with the reason, as the server does without a model.
     */
    final InMemoryRoleMemoryStore roleStore = new InMemoryRoleMemoryStore();
    final InMemoryPricePointStore priceStore = new InMemoryPricePointStore();
    final RoleRegistry roleRegistry = RoleRegistry.builder().register(RoleFixtures.targetPrice())
            .register(RoleFixtures.whaleFollow()).register(RoleFixtures.thesisReview()).build();
    final RoleMemoryService roles;
    final RoleReflector reflector;
    final PriceService prices;
    /** Every agent tool, as the composition root registers them. */
    final ToolRegistry tools;

    InMemoryBackend() {
        InMemoryWorkspaceReader workspace = new InMemoryWorkspaceReader(WorkspaceLimits.defaults(), clock);
        InMemorySessionStore sessionStore = new InMemorySessionStore();
        roles = new RoleMemoryService(roleRegistry, roleStore, new EdgeExtractor(new FinanceEntityExtractor()),
                new RoleRecall(roleStore, NO_EMBEDDER), audit, clock);
        sessions = new SessionService(workspace, workspace, snapshots, profile, sessionStore,
                new InMemorySessionExplanationStore(sessionStore), Duration.ofHours(24), clock, vault.scrubber(),
                dev.strata.application.session.SessionPersonalization.of(personalization,
                dev.strata.application.personalization.IntentGate.of(PersonalizationPolicy.defaults(),
                        new DisabledLanguageModel())),
                new RoleLessonsBlock(roles, 5));
        InMemoryFactStore factStore = new InMemoryFactStore();
        DisabledLanguageModel model = new DisabledLanguageModel();
        facts = new GeneralFactService(factStore, new FactConsolidator(model, factStore, memoryStore, clock,
                ConsolidationSettings.DISABLED), clock, MemoryLimits.DEFAULTS.maxContentChars(), audit);
        spend = new ModelSpendService(model, new InMemorySpendLedger(), BudgetPolicy.unlimited(), clock,
                ZoneOffset.UTC);
        LearningEvents events = new LearningEvents();
        methodologies = new MethodologyService(methodologyStore, audit, events, learningSettings, clock);
        trades = new TradeService(tradeStore, memories, audit, events, learningSettings, clock);
        preferences = new PreferenceService(preferenceStore, tradeStore, memories, model, audit, events,
                learningSettings, clock);
        learnings = new LearningsService(new InMemoryLearningStore(), learningSettings, clock);
        pages = new CompiledPageService(methodologyStore, preferenceStore, tradeStore, learningSettings, clock,
                new RoleTimeline(roles));
        synthesis = new SynthesisService(tradeStore, methodologyStore, methodologies, model, audit, learningSettings,
                clock);
        reflector = new RoleReflector(roleRegistry, roleStore, audit, model,
                new RoleProbes(new StoredPriceFeed(priceStore, Duration.ofHours(1)), ProbeRegistry.builder().build()),
                clock, 20);
        prices = new PriceService(priceStore, audit, clock, (tenant, asset) -> { });
        events.addListener(pages);
        memories.addListener(pages);
        mine = new ConversationTradingBackend(clock, audit, memories, tradeStore, personalization, strategyRuns);
        tools = ToolRegistry.builder()
                .add(MemoryTools.definitions(memories, search, facts))
                .add(VaultTools.definitions(vault))
                .add(LearningTools.definitions(methodologies, trades, preferences, learnings, pages, learningSettings))
                .add(RoleTools.definitions(roles, reflector, prices))
                .add(PersonalizationTools.definitions(personalization, search))
                .add(mine.tools())
                .build();
    }

    private PortfolioSource portfolioSource() {
        return (tenant, user) -> {
            PortfolioReading r = portfolio.get();
            if (r == null) {
                throw new dev.strata.domain.error.UnavailableException("portfolio sources unavailable");
            }
            return r;
        };
    }

    /** No embedding model: role recall searches by keyword only, as the server does with embeddings off. */
    private static final Embedder NO_EMBEDDER = new Embedder() {
        @Override
        public Optional<EmbeddingModelInfo> modelInfo() {
            return Optional.empty();
        }

        @Override
        public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
            throw new IllegalStateException("embeddings are off");
        }
    };

    GatewayCore core() {
        return new GatewayCore(access, vault.scrubber(), storageUp::get, failure -> false, List.of(modelCheck()),
                idempotency);
    }

    /** What the composition root's model check reports: the circuit the test sets, always up. */
    private HealthCheck modelCheck() {
        return new HealthCheck() {
            @Override
            public HealthCheckType type() {
                return HealthCheckType.READINESS;
            }

            @Override
            public String name() {
                return "model";
            }

            @Override
            public HealthCheckResponse call() {
                return HealthCheckResponse.builder().status(true).detail("circuit", circuit.get()).build();
            }
        };
    }

    /** Every resource of the gateway, in the order the composition root mounts them. */
    List<Resource> resources(GatewaySettings settings) {
        return Stream.<Resource>concat(Stream.of(
                new MemoryHttpService(memories, search, new MemoryErasure(memories, sessions), settings),
                new PersonalizationHttpService(personalization, capital, strategyRuns, profile, settings),
                new SnapshotHttpService(snapshots),
                new SessionHttpService(sessions, settings),
                new ToolHttpService(tools, settings),
                new McpHttpService(tools, new McpResources(snapshots::render,
                        (tenant, id) -> sessions.prompt(tenant, SessionId.parse(id))), settings),
                new VaultHttpService(vault, settings),
                new FactHttpService(facts, settings),
                new ModelHttpService(spend),
                new EntityHttpService(entities),
                new AuditHttpService(auditTrail)),
                Stream.of(new LearningHttpService(methodologies, trades, preferences, learnings, pages, synthesis,
                        settings).resources().stream(), mine.resources(settings),
                        new RoleHttpService(roles, reflector, prices, settings.maxBodyBytes()).resources().stream())
                        .flatMap(resources -> resources))
                .toList();
    }
}
