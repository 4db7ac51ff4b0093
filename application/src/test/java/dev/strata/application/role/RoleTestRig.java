package dev.strata.application.role;

import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.Evidence;
import dev.strata.domain.role.InMemoryPricePointStore;
import dev.strata.domain.role.InMemoryRoleMemoryStore;
import dev.strata.domain.role.PricePoint;
import dev.strata.domain.role.ProbeRegistry;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.RoleFixtures;
import dev.strata.domain.role.RoleInputs;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleRegistry;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/** The role area wired from hand-written fakes: real services, fake stores, a stub model. */
final class RoleTestRig {

    static final Tenant ALICE = Tenant.of("alice");
    static final Tenant BOB = Tenant.of("bob");
    static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");

    final MutableClock clock = new MutableClock(T0);
    final InMemoryRoleMemoryStore store = new InMemoryRoleMemoryStore();
    final InMemoryAuditLog audit = new InMemoryAuditLog();
    final InMemoryPricePointStore prices = new InMemoryPricePointStore();
    final StubModel model = new StubModel();
    final RoleRegistry registry;
    final RoleMemoryService service;
    final RoleReflector reflector;

    RoleTestRig() {
        this(RoleRegistry.builder().register(RoleFixtures.targetPrice()).register(RoleFixtures.whaleFollow())
                .register(RoleFixtures.thesisReview()).build(), defaultProbes(), (stub, clock) -> stub);
    }

    RoleTestRig(RoleRegistry registry, ProbeRegistry probes) {
        this(registry, probes, (stub, clock) -> stub);
    }

    /** @param wrap what the reflector gets, made from this rig's stub model and clock (a budget, say) */
    RoleTestRig(RoleRegistry registry, ProbeRegistry probes, BiFunction<StubModel, Clock, LanguageModel> wrap) {
        this.registry = registry;
        this.service = new RoleMemoryService(registry, store, new EdgeExtractor(new FinanceEntityExtractor()),
                new RoleRecall(store, NO_EMBEDDER), audit, clock);
        this.reflector = new RoleReflector(registry, store, audit, wrap.apply(model, clock),
                new RoleProbes(new StoredPriceFeed(prices, Duration.ofHours(1)), probes), clock, 20);
    }

    static ProbeRegistry defaultProbes() {
        return ProbeRegistry.builder()
                .source("get_price", request -> Optional.of(new Evidence("refetch_source", "get_price",
                        "symbol=" + request.params().get("symbol") + " was quoted 100 at decision time", request.now())))
                .probe("whale_followthrough", request -> Optional.empty())
                .build();
    }

    static RoleRegistry registryOf(RoleDefinition... roles) {
        RoleRegistry.Builder builder = RoleRegistry.builder();
        for (RoleDefinition r : roles) {
            builder.register(r);
        }
        return builder.build();
    }

    RoleMemoryEntry decide(String role, String decision, String asset) {
        return service.record(new RecordDecision(ALICE, role, new RoleInputs("{\"symbol\":\"" + asset + "\"}"), decision,
                Optional.of(asset)), Actor.UNKNOWN);
    }

    /** A target-price decision on BTC at the current time, with prices 100 now and {@code later} a week on. */
    RoleMemoryEntry targetPriceCall(String decision, String later) {
        RoleMemoryEntry e = decide("analysis.valuation.target_price", decision, "BTC");
        prices.add(ALICE, List.of(new PricePoint(Asset.of("BTC"), new BigDecimal("100"), e.createdAt(), "test"),
                new PricePoint(Asset.of("BTC"), new BigDecimal(later), e.createdAt().plus(Duration.ofHours(168)), "test")));
        return e;
    }

    RoleMemoryEntry reload(RoleMemoryEntry e) {
        return store.find(e.tenant(), e.id()).orElseThrow();
    }

    static final Embedder NO_EMBEDDER = new Embedder() {
        @Override
        public Optional<EmbeddingModelInfo> modelInfo() {
            return Optional.empty();
        }

        @Override
        public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
            throw new AssertionError("embeddings are off");
        }
    };
}
