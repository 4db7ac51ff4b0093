package dev.strata.adapters.sqlite;

import dev.strata.application.fact.ConsolidationSettings;
import dev.strata.application.fact.FactConsolidator;
import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.learning.CompiledPageService;
import dev.strata.application.learning.LearningEvents;
import dev.strata.application.learning.LearningLoopSettings;
import dev.strata.application.learning.MethodologyDraft;
import dev.strata.application.learning.MethodologyService;
import dev.strata.application.learning.PreferenceService;
import dev.strata.application.learning.RecordOutcome;
import dev.strata.application.learning.RecordTrade;
import dev.strata.application.learning.SynthesisService;
import dev.strata.application.learning.TradeService;
import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.MutableClock;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.PreferenceKind;
import dev.strata.domain.learning.PreferenceState;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.TokenUsage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The learning loop on a real SQLite file: the README's worked example, and the boundary with the
 * general fact layer proven in both directions.
 */
class LearningLoopTest {

    private static final Tenant ALICE = Tenant.of("alice");

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private MemoryService memories;
    private SqliteMemoryStore memoryStore;
    private SqliteAuditLog audit;
    private MethodologyService methodologies;
    private TradeService trades;
    private PreferenceService preferences;
    private CompiledPageService pages;
    private SynthesisService synthesis;

    @BeforeEach
    void wire() {
        db = TempDatabase.open(dir);
        memoryStore = new SqliteMemoryStore(db, 0);
        audit = new SqliteAuditLog(db);
        memories = new MemoryService(memoryStore, audit, clock, MemoryLimits.DEFAULTS, Duration.ofDays(30));
        SqliteMethodologyStore methodologyStore = new SqliteMethodologyStore(db);
        SqliteTradeStore tradeStore = new SqliteTradeStore(db);
        SqlitePreferenceStore preferenceStore = new SqlitePreferenceStore(db);
        LearningLoopSettings settings = LearningLoopSettings.defaults();
        LearningEvents events = new LearningEvents();
        methodologies = new MethodologyService(methodologyStore, audit, events, settings, clock);
        trades = new TradeService(tradeStore, memories, audit, events, settings, clock);
        LanguageModel none = new NoModel();
        preferences = new PreferenceService(preferenceStore, tradeStore, memories, none, audit, events, settings, clock);
        pages = new CompiledPageService(methodologyStore, preferenceStore, tradeStore, settings, clock);
        synthesis = new SynthesisService(tradeStore, methodologyStore, methodologies, none, audit, settings, clock);
        events.addListener(pages);
        memories.addListener(pages);
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Trade closedBtcTrade(Methodology m, boolean win) {
        clock.advance(Duration.ofMinutes(10));
        return trades.record(new RecordTrade(ALICE, "BTC", "crypto_major", "long", new BigDecimal("0.1"),
                new BigDecimal("60000"), Optional.empty(), Optional.of(new BigDecimal(win ? "63000" : "58000")),
                Optional.empty(), Optional.empty(), List.of(m.id().value()), Optional.of("sha256:9f2c"),
                Optional.of("bought the dip as hinted"))).trade();
    }

    private String page() {
        return pages.page(ALICE, "BTC", true).markdown();
    }

    @Test
    void the_worked_example_of_the_readme() {
        Methodology dip = methodologies.seed(ALICE, List.of(new MethodologyDraft("crypto_major", "Buy the 20% dip",
                "Buy BTC after a 20% drawdown from the 30-day high; scale in over three days."))).getFirst().methodology();
        assertThat(dip.quarantined()).isTrue();
        assertThat(dip.confidence()).isEqualTo(0.5);

        // 30 attributed decisions: every fourth one and the last lose, 22 of 30 win.
        for (int i = 1; i <= 30; i++) {
            closedBtcTrade(dip, !(i % 4 == 0 || i == 30));
            if (i == 10) {
                assertThat(LearningPolicyFormat.of(methodologies.get(ALICE, dip.id()))).isEqualTo("8/10 0.490");
                assertThatThrownBy(() -> methodologies.approve(ALICE, dip.id())).isInstanceOf(ConflictException.class)
                        .hasMessageContaining("Wilson lower bound 0.490 is below the graduation bar 0.55");
            }
            if (i == 20) {
                assertThat(LearningPolicyFormat.of(methodologies.get(ALICE, dip.id()))).isEqualTo("15/20 0.531");
            }
        }
        assertThat(LearningPolicyFormat.of(methodologies.get(ALICE, dip.id()))).isEqualTo("22/30 0.556");
        assertThat(page()).doesNotContain("Buy the 20% dip");

        Methodology graduated = methodologies.approve(ALICE, dip.id());
        assertThat(graduated.quarantined()).isFalse();
        assertThat(page()).contains("- methodology " + dip.id() + " (crypto_major, confidence 0.556, 22 of 30 won): "
                + "Buy the 20% dip");

        // A losing streak: ten losses bring the bound to 0.398 with 40 uses, below 0.40, and demote it.
        for (int i = 0; i < 9; i++) {
            closedBtcTrade(dip, false);
        }
        assertThat(methodologies.get(ALICE, dip.id()).quarantined()).isFalse();
        closedBtcTrade(dip, false);
        assertThat(LearningPolicyFormat.of(methodologies.get(ALICE, dip.id()))).isEqualTo("22/40 0.398");
        assertThat(methodologies.get(ALICE, dip.id()).quarantined()).isTrue();
        assertThat(page()).doesNotContain("Buy the 20% dip");

        // A hard constraint proposed by mining stays proposed until approved, and shows only then.
        for (int i = 0; i < 3; i++) {
            memories.write(new WriteMemory(ALICE, "observation", "Never use more than 2x leverage on BTC",
                    Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), TestWrites.OPERATOR));
        }
        // Mining also sees the 40 trades: all long, all crypto_major.
        assertThat(preferences.mine(ALICE).proposed()).isEqualTo(3);
        assertThat(preferences.list(ALICE, Optional.of("proposed"), Optional.empty(), Optional.empty(), Optional.empty()))
                .extracting(LearnedPreference::content).containsExactlyInAnyOrder("Never use more than 2x leverage on BTC",
                        "trades long only", "mostly trades crypto_major");
        LearnedPreference cap = preferences.list(ALICE, Optional.of("proposed"), Optional.of("hard_constraint"),
                Optional.empty(), Optional.empty()).getFirst();
        assertThat(cap.kind()).isEqualTo(PreferenceKind.HARD_CONSTRAINT);
        assertThat(page()).doesNotContain("hard constraint");

        preferences.approve(ALICE, cap.id());
        assertThat(preferences.get(ALICE, cap.id()).state()).isEqualTo(PreferenceState.ACTIVE);
        assertThat(page()).contains("- hard constraint (preference " + cap.id()
                + ", leverage): Never use more than 2x leverage on BTC");
        assertThat(pages.page(ALICE, "BTC", false).markdown()).doesNotContain("hard constraint");
        assertThat(memories.list(ALICE, Optional.of("preference"), Optional.empty())).extracting(Memory::content)
                .contains("[hard_constraint] Never use more than 2x leverage on BTC");
        assertThat(memories.list(ALICE, Optional.of("trade_outcome"), Optional.of(100))).hasSize(40)
                .first().extracting(Memory::content).isEqualTo("long BTC from $60000, closed at $58000, -3.3%");
    }

    @Test
    void fact_consolidation_never_touches_a_methodologys_confidence() {
        Methodology dip = methodologies.create(ALICE, new MethodologyDraft("crypto_major", "Buy the dip",
                "Buy BTC after a 20% drawdown.")).methodology();
        for (int i = 0; i < 12; i++) {
            closedBtcTrade(dip, i % 3 != 0);
        }
        List<String> before = TempDatabase.column(db, "SELECT id || '|' || successes || '|' || times_used || '|' || "
                + "confidence || '|' || quarantine || '|' || updated_at FROM methodologies");
        List<String> casesBefore = TempDatabase.column(db, "SELECT id || outcome || COALESCE(scored_at, '') "
                + "FROM methodology_cases");
        SqliteFactStore facts = new SqliteFactStore(db);
        LanguageModel supersedes = new AlwaysSupersedes();
        GeneralFactService factLayer = new GeneralFactService(facts, new FactConsolidator(supersedes, facts, memoryStore,
                clock, ConsolidationSettings.enabled("")), clock, 8_192, new SqliteAuditLog(db));

        factLayer.recordFact(ALICE, "prefers BTC dip buying methodology", Optional.empty(), TestWrites.OPERATOR);
        factLayer.recordFact(ALICE, "prefers BTC dip buying methodology", Optional.empty(), TestWrites.OPERATOR);
        factLayer.recordFact(ALICE, "prefers the buy the dip methodology on BTC with 20% drawdowns", Optional.empty(), TestWrites.OPERATOR);
        factLayer.consolidatePending(ALICE);

        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM facts WHERE status = 'retired'"))
                .as("consolidation did tidy the facts").doesNotContain("0");
        assertThat(TempDatabase.column(db, "SELECT id || '|' || successes || '|' || times_used || '|' || confidence "
                + "|| '|' || quarantine || '|' || updated_at FROM methodologies")).isEqualTo(before);
        assertThat(TempDatabase.column(db, "SELECT id || outcome || COALESCE(scored_at, '') FROM methodology_cases"))
                .isEqualTo(casesBefore);
    }

    @Test
    void the_loop_never_rewrites_a_user_stated_fact_or_a_user_manual_row() {
        Memory stated = memories.write(new WriteMemory(ALICE, "personalization", "Never use more than 2x leverage on BTC",
                Metadata.EMPTY, Optional.of(Source.USER_MANUAL), TestWrites.OPERATOR));
        Memory statedPreference = memories.write(new WriteMemory(ALICE, "preference",
                "Never use more than 2x leverage on BTC", Metadata.EMPTY, Optional.of(Source.USER_MANUAL), TestWrites.OPERATOR));
        SqliteFactStore facts = new SqliteFactStore(db);
        GeneralFactService factLayer = new GeneralFactService(facts, new FactConsolidator(new NoModel(), facts,
                memoryStore, clock, ConsolidationSettings.DISABLED), clock, 8_192, new SqliteAuditLog(db));
        factLayer.recordFact(ALICE, "prefers weekly charts", Optional.empty(), TestWrites.OPERATOR);
        factLayer.consolidatePending(ALICE);
        List<String> userRows = TempDatabase.column(db, "SELECT id || '|' || category || '|' || content || '|' || "
                + "updated_at || '|' || COALESCE(deleted_at, '-') FROM memories WHERE source = 'user_manual' ORDER BY id");
        List<String> factRows = TempDatabase.column(db, "SELECT id || '|' || content || '|' || status || '|' || "
                + "COALESCE(settled_at, '-') FROM facts ORDER BY id");

        // The whole loop runs over the same tenant: outcomes and corrections, mining, approve and
        // deactivate, demotion, synthesis and pages.
        Methodology dip = methodologies.create(ALICE, new MethodologyDraft("crypto_major", "Buy the dip",
                "Buy BTC after a 20% drawdown.")).methodology();
        Trade t = closedBtcTrade(dip, true);
        trades.recordOutcome(new RecordOutcome(ALICE, t.id(), new BigDecimal("50000"), Optional.empty(), Optional.empty()));
        for (int i = 0; i < 2; i++) {
            memories.write(new WriteMemory(ALICE, "observation", "Never use more than 2x leverage on BTC",
                    Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), TestWrites.OPERATOR));
        }
        preferences.mine(ALICE);
        LearnedPreference cap = preferences.list(ALICE, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty()).getFirst();
        preferences.approve(ALICE, cap.id());
        preferences.deactivate(ALICE, cap.id());
        methodologies.demoteSweep(ALICE);
        synthesis.synthesize(ALICE);
        pages.page(ALICE, "BTC", true);
        clock.advance(Duration.ofDays(1));

        assertThat(TempDatabase.column(db, "SELECT id || '|' || category || '|' || content || '|' || updated_at || '|' "
                + "|| COALESCE(deleted_at, '-') FROM memories WHERE source = 'user_manual' ORDER BY id")).isEqualTo(userRows);
        assertThat(TempDatabase.column(db, "SELECT id || '|' || content || '|' || status || '|' || "
                + "COALESCE(settled_at, '-') FROM facts ORDER BY id")).isEqualTo(factRows);
        assertThat(memories.get(ALICE, stated.id())).isEqualTo(stated);
        assertThat(memories.get(ALICE, statedPreference.id())).isEqualTo(statedPreference);
    }

    /** "successes/uses confidence" as the README prints it. */
    private static final class LearningPolicyFormat {
        static String of(Methodology m) {
            return m.successes() + "/" + m.uses() + " " + dev.strata.domain.learning.LearningPolicy.format(m.confidence());
        }
    }

    private static final class NoModel implements LanguageModel {
        @Override
        public ChatResponse chat(ChatRequest request) {
            throw new dev.strata.domain.error.UnavailableException("no model");
        }

        @Override
        public boolean isEnabled() {
            return false;
        }

        @Override
        public String model() {
            return "none";
        }
    }

    /** A consolidation model that always wants the new fact to supersede the first candidate. */
    private static final class AlwaysSupersedes implements LanguageModel {
        @Override
        public ChatResponse chat(ChatRequest request) {
            JsonNode.ObjectNode json = new JsonNode.ObjectNode(Map.of("decision", new JsonNode.TextNode("supersede"),
                    "target", new JsonNode.TextNode("F1"), "reason", new JsonNode.TextNode("newer wording")));
            return ChatResponse.structured(json.toString(), json, new TokenUsage(1, 1), "scripted");
        }

        @Override
        public boolean isEnabled() {
            return true;
        }

        @Override
        public String model() {
            return "scripted";
        }
    }
}
