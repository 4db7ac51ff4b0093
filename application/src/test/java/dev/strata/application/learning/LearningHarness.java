package dev.strata.application.learning;

import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.learning.InMemoryLearningStore;
import dev.strata.domain.learning.InMemoryMethodologyStore;
import dev.strata.domain.learning.InMemoryPreferenceStore;
import dev.strata.domain.learning.InMemoryTradeStore;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyId;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The learning services over hand-written fakes, wired the way the learning module will wire them. */
final class LearningHarness {

    static final Tenant ALICE = Tenant.of("alice");
    static final Tenant BOB = Tenant.of("bob");
    static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    final MutableClock clock = new MutableClock(T0);
    final InMemoryMemoryStore memoryStore = new InMemoryMemoryStore();
    final InMemoryAuditLog audit = new InMemoryAuditLog();
    final MemoryService memories = new MemoryService(memoryStore, audit, clock, MemoryLimits.DEFAULTS,
            Duration.ofDays(30));
    final InMemoryMethodologyStore methodologyStore = new InMemoryMethodologyStore();
    final InMemoryTradeStore tradeStore = new InMemoryTradeStore(methodologyStore);
    final InMemoryPreferenceStore preferenceStore = new InMemoryPreferenceStore();
    final InMemoryLearningStore learningStore = new InMemoryLearningStore();
    final LearningEvents events = new LearningEvents();
    final List<LearningEvent> seen = new ArrayList<>();
    final LearningLoopSettings settings;
    final FakeModel model;
    final MethodologyService methodologies;
    final TradeService trades;
    final PreferenceService preferences;
    final LearningsService learnings;
    final CompiledPageService pages;
    final SynthesisService synthesis;

    LearningHarness() {
        this(LearningLoopSettings.defaults(), FakeModel.disabled());
    }

    LearningHarness(LearningLoopSettings settings) {
        this(settings, FakeModel.disabled());
    }

    LearningHarness(LearningLoopSettings settings, FakeModel model) {
        this.settings = settings;
        this.model = model;
        methodologies = new MethodologyService(methodologyStore, audit, events, settings, clock);
        trades = new TradeService(tradeStore, memories, audit, events, settings, clock);
        preferences = new PreferenceService(preferenceStore, tradeStore, memories, model, audit, events, settings, clock);
        learnings = new LearningsService(learningStore, settings, clock);
        pages = new CompiledPageService(methodologyStore, preferenceStore, tradeStore, settings, clock);
        synthesis = new SynthesisService(tradeStore, methodologyStore, methodologies, model, audit, settings, clock);
        events.addListener(seen::add);
        events.addListener(pages);
        memories.addListener(pages);
    }

    Methodology methodology(Tenant tenant, String title) {
        return methodologies.create(tenant, new MethodologyDraft("crypto_major", title,
                "Buy BTC after a 20% drawdown from the 30-day high.")).methodology();
    }

    /** A BTC long recorded closed, attributed to the methodologies: a win or a loss. */
    TradeService.Recording closedTrade(Tenant tenant, boolean win, MethodologyId... ids) {
        return trades.record(new RecordTrade(tenant, "BTC", "crypto_major", "long", BigDecimal.ONE,
                new BigDecimal("40000"), Optional.empty(), Optional.of(new BigDecimal(win ? "41000" : "39000")),
                Optional.empty(), Optional.empty(), Arrays.stream(ids).map(MethodologyId::value).toList(),
                Optional.of("hint-1"), Optional.of("followed the hint")));
    }

    TradeService.Recording openTrade(Tenant tenant, MethodologyId... ids) {
        return trades.record(new RecordTrade(tenant, "BTC", "crypto_major", "long", BigDecimal.ONE,
                new BigDecimal("40000"), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Arrays.stream(ids).map(MethodologyId::value).toList(),
                ids.length == 0 ? Optional.empty() : Optional.of("hint-1"), Optional.empty()));
    }

    Methodology reload(Methodology m) {
        return methodologies.get(m.tenant(), m.id());
    }

    List<String> actions(Tenant tenant) {
        List<String> out = new ArrayList<>(audit.recent(tenant, 10_000).stream().map(AuditEntry::action).toList());
        java.util.Collections.reverse(out);
        return out;
    }
}
