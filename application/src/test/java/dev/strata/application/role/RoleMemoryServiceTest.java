package dev.strata.application.role;

import dev.strata.domain.memory.Actor;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.retrieval.SearchMode;
import dev.strata.domain.retrieval.WordEmbedder;
import dev.strata.domain.role.EntryStatus;
import dev.strata.domain.role.RoleFixtures;
import dev.strata.domain.role.RoleInputs;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryId;
import dev.strata.domain.role.RoleRegistry;
import dev.strata.domain.role.SkillId;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.strata.application.role.RoleTestRig.ALICE;
import static dev.strata.application.role.RoleTestRig.BOB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RoleMemoryServiceTest {

    private final RoleTestRig rig = new RoleTestRig();

    @Test
    void a_recorded_decision_is_pending_with_its_edges_and_the_listeners_hear_of_it() {
        List<RoleMemoryEntry> heard = new ArrayList<>();
        rig.service.addListener(heard::add);
        rig.service.addListener(e -> {
            throw new IllegalStateException("a broken listener must not fail the write");
        });

        RoleMemoryEntry entry = rig.service.record(new RecordDecision(ALICE, "analysis.valuation.target_price",
                new RoleInputs("{\"symbol\": \"BTC\"}"), "bought ETH, target 4000; BTC as hedge", Optional.of("btc")), Actor.UNKNOWN);

        assertThat(entry.status()).isEqualTo(EntryStatus.PENDING);
        assertThat(entry.asset().orElseThrow().symbol()).isEqualTo("BTC");
        assertThat(entry.createdAt()).isEqualTo(RoleTestRig.T0);
        assertThat(heard).containsExactly(entry);
        assertThat(rig.store.edges(ALICE, entry.id())).contains(new MemoryEdge(EdgeType.HOLDS, FinanceEntity.ticker("ETH")))
                .anyMatch(e -> e.target().equals(FinanceEntity.ticker("BTC")));
    }

    @Test
    void the_asset_gets_an_edge_even_when_the_text_does_not_name_it() {
        RoleMemoryEntry entry = rig.decide("analysis.valuation.target_price", "target 250 within a month", "SOL");

        assertThat(rig.store.edges(ALICE, entry.id())).containsExactly(new MemoryEdge(EdgeType.MENTIONS,
                FinanceEntity.ticker("SOL")));
    }

    @Test
    void a_decision_for_an_undeclared_role_is_not_found_and_a_malformed_role_is_invalid() {
        assertThatThrownBy(() -> rig.decide("gone.role", "x", "BTC")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> rig.decide("../etc/passwd", "x", "BTC"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("role"));
        assertThat(rig.store.writes).isZero();
    }

    @Test
    void a_price_delta_decision_needs_an_asset_naming_the_field() {
        assertThatThrownBy(() -> rig.service.record(new RecordDecision(ALICE, "analysis.valuation.target_price",
                RoleInputs.EMPTY, "target 120", Optional.empty()), Actor.UNKNOWN))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("asset");
                    assertThat(e.reason()).contains("inputs.asset");
                });
        assertThat(rig.service.record(new RecordDecision(ALICE, "research.thesis", RoleInputs.EMPTY, "rates fall",
                Optional.empty()), Actor.UNKNOWN).asset()).isEmpty();
    }

    @Test
    void hostile_decisions_are_refused_before_anything_is_stored() {
        for (RecordDecision bad : List.of(
                new RecordDecision(ALICE, "research.thesis", RoleInputs.EMPTY, " ", Optional.empty()),
                new RecordDecision(ALICE, "research.thesis", RoleInputs.EMPTY, "x".repeat(4001), Optional.empty()),
                new RecordDecision(ALICE, "research.thesis", RoleInputs.EMPTY, "nul\0byte", Optional.empty()),
                new RecordDecision(ALICE, "research.thesis", RoleInputs.EMPTY, "ok", Optional.of("BTC'; --")))) {
            assertThatThrownBy(() -> rig.service.record(bad, Actor.UNKNOWN)).isInstanceOf(InvalidInputException.class);
        }
        assertThat(rig.store.writes).isZero();
    }

    @Test
    void entries_of_a_role_that_is_no_longer_declared_are_not_surfaced() {
        RoleMemoryEntry entry = rig.decide("research.thesis", "rates fall", "TLT");
        RoleMemoryService narrower = new RoleMemoryService(RoleTestRig.registryOf(RoleFixtures.targetPrice()), rig.store,
                new EdgeExtractor(new FinanceEntityExtractor()), new RoleRecall(rig.store, RoleTestRig.NO_EMBEDDER),
                rig.audit, rig.clock);

        assertThatThrownBy(() -> narrower.get(ALICE, entry.id())).isInstanceOf(NotFoundException.class);
        assertThat(rig.store.find(ALICE, entry.id())).isPresent();
    }

    @Test
    void another_tenant_can_neither_read_nor_complete_an_entry() {
        RoleMemoryEntry entry = rig.decide("research.thesis", "rates fall", "TLT");

        assertThatThrownBy(() -> rig.service.get(BOB, entry.id())).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> rig.service.recordOutcome(BOB, entry.id(), "rates rose", Optional.empty(), Actor.UNKNOWN))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> rig.service.addEvidence(BOB, entry.id(), "news", "wire", "x", Actor.UNKNOWN))
                .isInstanceOf(NotFoundException.class);
        assertThat(rig.service.get(ALICE, entry.id()).outcome()).isEmpty();
    }

    @Test
    void a_person_records_the_outcome_of_a_manual_roles_decision_once() {
        RoleMemoryEntry entry = rig.decide("research.thesis", "rates fall", "TLT");

        RoleMemoryEntry after = rig.service.recordOutcome(ALICE, entry.id(), "rates rose 50bp", Optional.of(new BigDecimal("-4.2")), Actor.UNKNOWN);

        assertThat(after.outcome().orElseThrow().source()).isEqualTo("manual");
        assertThat(after.outcome().orElseThrow().changePercent()).contains(new BigDecimal("-4.2"));
        assertThat(rig.audit.recent(ALICE, 1)).singleElement().satisfies(a -> assertThat(a.action()).isEqualTo("role.outcome"));

        rig.store.skip(ALICE, entry.id(), "test", rig.clock.instant());
        assertThatThrownBy(() -> rig.service.recordOutcome(ALICE, entry.id(), "again", Optional.empty(), Actor.UNKNOWN))
                .isInstanceOfSatisfying(ConflictException.class, e -> assertThat(e.details()).containsEntry("status", "skipped"));
    }

    @Test
    void a_decision_and_its_evidence_are_audited_by_their_actor_without_their_text() {
        Actor agent = new Actor("agent-r", Optional.empty());
        RoleMemoryEntry entry = rig.service.record(new RecordDecision(ALICE, "research.thesis", RoleInputs.EMPTY,
                "rates fall on a weak print", Optional.of("TLT")), agent);
        rig.service.addEvidence(ALICE, entry.id(), "news", "reuters", "surprise CPI print", agent);

        assertThat(rig.audit.recent(ALICE, 10)).extracting(a -> a.action() + " " + a.subject() + " " + a.detail()
                + " by " + a.actor()).containsExactly(
                "role.evidence role_memory:" + entry.id() + " news evidence added for role research.thesis by agent-r",
                "role.record role_memory:" + entry.id() + " decision recorded for role research.thesis on TLT by agent-r");
        assertThat(rig.audit.recent(BOB, 10)).isEmpty();
    }

    @Test
    void a_probed_role_refuses_a_recorded_outcome() {
        RoleMemoryEntry entry = rig.decide("analysis.valuation.target_price", "target 120", "BTC");

        assertThatThrownBy(() -> rig.service.recordOutcome(ALICE, entry.id(), "up", Optional.empty(), Actor.UNKNOWN))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.reason()).contains("price_delta"));
    }

    @Test
    void evidence_pushed_for_an_entry_reaches_its_reflection() {
        RoleMemoryEntry entry = rig.decide("research.thesis", "rates fall, expect:exogenous", "TLT");
        rig.service.addEvidence(ALICE, entry.id(), "news", "reuters", "surprise CPI print at 4.1%", Actor.UNKNOWN);
        rig.service.recordOutcome(ALICE, entry.id(), "rates rose", Optional.empty(), Actor.UNKNOWN);

        rig.reflector.reflect(ALICE, dev.strata.domain.role.RoleId.of("research.thesis"));

        assertThat(rig.model.received.getFirst().messages().getFirst().content())
                .contains("[news from reuters at 2026-03-02T10:00:00Z] surprise CPI print at 4.1%");
        assertThatThrownBy(() -> rig.service.addEvidence(ALICE, entry.id(), "rumour", "x", "y", Actor.UNKNOWN))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void recall_without_a_query_lists_the_roles_recent_lessons() {
        RoleMemoryEntry a = rig.targetPriceCall("target 120, expect:logic_error", "92");
        rig.targetPriceCall("target 101, expect:variance", "99");
        rig.clock.advance(Duration.ofHours(168));
        rig.reflector.reflect(ALICE, dev.strata.domain.role.RoleId.of("analysis.valuation.target_price"));

        Recall recall = rig.service.recall(ALICE, "analysis.valuation.target_price", Optional.empty(), 10);

        assertThat(recall.lessons()).singleElement().satisfies(l -> {
            assertThat(l.entry()).isEqualTo(a.id());
            assertThat(l.skill()).isEqualTo(SkillId.of("analysis.valuation"));
            assertThat(l.lesson()).startsWith("Check the funding rate");
        });
        assertThat(recall.mode()).isEmpty();
        assertThat(rig.service.recall(BOB, "analysis.valuation.target_price", Optional.empty(), 10).lessons()).isEmpty();
    }

    @Test
    void recall_with_a_query_searches_the_roles_entries_by_keyword_without_embeddings() {
        RoleMemoryEntry funding = rig.decide("analysis.valuation.target_price", "target 120 ignoring funding", "BTC");
        rig.decide("analysis.valuation.target_price", "target 90 after the halving", "BTC");

        Recall recall = rig.service.recall(ALICE, "analysis.valuation.target_price", Optional.of("funding"), 5);

        assertThat(recall.mode()).contains(SearchMode.KEYWORD);
        assertThat(recall.hits()).extracting(h -> h.entry().id()).containsExactly(funding.id());
        assertThat(recall.hits().getFirst().arms()).containsExactly(Arm.KEYWORD);
    }

    @Test
    void recall_is_hybrid_when_entries_are_embedded_and_finds_a_synonym_no_keyword_matches() {
        WordEmbedder words = new WordEmbedder(Map.of("automobile", "car", "vehicle", "car"));
        RoleMemoryService hybrid = new RoleMemoryService(rig.registry, rig.store, new EdgeExtractor(new FinanceEntityExtractor()),
                new RoleRecall(rig.store, words), rig.audit, rig.clock);
        RoleEmbeddings embeddings = new RoleEmbeddings(rig.store, words, Runnable::run);
        hybrid.addListener(embeddings);
        RoleMemoryEntry car = hybrid.record(new RecordDecision(ALICE, "analysis.valuation.target_price", RoleInputs.EMPTY,
                "long TSLA on automobile deliveries", Optional.of("TSLA")), Actor.UNKNOWN);
        hybrid.record(new RecordDecision(ALICE, "analysis.valuation.target_price", RoleInputs.EMPTY,
                "short TSLA on margins", Optional.of("TSLA")), Actor.UNKNOWN);

        Recall recall = hybrid.recall(ALICE, "analysis.valuation.target_price", Optional.of("vehicle"), 5);

        assertThat(recall.mode()).contains(SearchMode.HYBRID);
        assertThat(recall.hits().getFirst().entry().id()).isEqualTo(car.id());
        assertThat(recall.hits().getFirst().arms()).containsExactly(Arm.VECTOR);
        words.failFromNowOn(true);
        assertThat(hybrid.recall(ALICE, "analysis.valuation.target_price", Optional.of("margins"), 5).mode())
                .contains(SearchMode.KEYWORD);
    }

    @Test
    void a_reflection_clears_the_embedding_and_the_catch_up_embeds_the_grown_text() {
        WordEmbedder words = new WordEmbedder(Map.of());
        RoleEmbeddings embeddings = new RoleEmbeddings(rig.store, words, Runnable::run);
        rig.service.addListener(embeddings);
        RoleMemoryEntry call = rig.targetPriceCall("target 120, expect:logic_error", "92");
        assertThat(words.embeddedTexts()).isEqualTo(1);
        rig.clock.advance(Duration.ofHours(168));
        rig.reflector.reflect(ALICE, dev.strata.domain.role.RoleId.of("analysis.valuation.target_price"));

        assertThat(embeddings.catchUp(10)).isEqualTo(1);
        assertThat(embeddings.catchUp(10)).isZero();
        assertThat(RoleEmbeddings.text(rig.reload(call))).contains("Lesson: Check the funding rate");
    }

    @Test
    void lessons_for_skills_gather_the_recent_lessons_of_the_roles_those_skills_own() {
        rig.targetPriceCall("target 120, expect:logic_error", "92");
        rig.clock.advance(Duration.ofHours(168));
        rig.reflector.reflect(ALICE, dev.strata.domain.role.RoleId.of("analysis.valuation.target_price"));

        assertThat(rig.service.lessonsForSkills(ALICE, List.of(SkillId.of("analysis.valuation")), 5)).hasSize(1);
        assertThat(rig.service.lessonsForSkills(ALICE, List.of(SkillId.of("market.onchain")), 5)).isEmpty();
        assertThat(rig.service.lessonsForSkills(BOB, List.of(SkillId.of("analysis.valuation")), 5)).isEmpty();
        assertThat(rig.service.timeline(ALICE, "btc", 5)).hasSize(1);
        assertThat(rig.service.pendingBacklog(ALICE, rig.clock.instant())).isZero();
    }

    @Test
    void limits_outside_their_range_are_invalid_input() {
        assertThatThrownBy(() -> rig.service.recall(ALICE, "research.thesis", Optional.empty(), 0))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("limit"));
        assertThatThrownBy(() -> rig.service.recall(ALICE, "research.thesis", Optional.of("q".repeat(1001)), 5))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("query"));
        assertThatThrownBy(() -> rig.service.get(ALICE, RoleMemoryId.parse("12abc")))
                .isInstanceOf(InvalidInputException.class);
        RoleRegistry registry = rig.registry;
        assertThat(registry.size()).isEqualTo(3);
    }
}
