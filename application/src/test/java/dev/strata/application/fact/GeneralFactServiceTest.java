package dev.strata.application.fact;

import dev.strata.application.languagemodel.DisabledLanguageModel;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.fact.ConsolidationDecision;
import dev.strata.domain.fact.ConsolidationEvent;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactNormalizer;
import dev.strata.domain.fact.FactStatus;
import dev.strata.domain.fact.InMemoryFactStore;
import dev.strata.domain.fact.RowRef;
import dev.strata.domain.fact.FactTransition;
import dev.strata.domain.fact.NewFact;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static dev.strata.application.provenance.TestOrigins.AGENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** The write path and the deterministic dedup pass, with LLM consolidation off. */
class GeneralFactServiceTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant BOB = Tenant.of("bob");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-14T09:00:00Z"));
    private final InMemoryFactStore store = new InMemoryFactStore();
    private final InMemoryAuditLog audit = new InMemoryAuditLog();
    private final GeneralFactService facts = service(store);

    private GeneralFactService service(InMemoryFactStore on) {
        return new GeneralFactService(on, new FactConsolidator(new DisabledLanguageModel(), on, new InMemoryMemoryStore(),
                clock, ConsolidationSettings.enabled("")), clock, 500, audit);
    }

    private Fact record(GeneralFactService service, String content) {
        clock.advance(Duration.ofSeconds(1));
        return service.recordFact(ALICE, content, Optional.empty(), AGENT);
    }

    @Test
    void as_of_an_instant_the_active_facts_are_those_settled_active_by_then_and_not_yet_retired() {
        Instant t1 = Instant.parse("2026-03-01T00:00:00Z");
        Fact weekly = store.insert(new NewFact(ALICE, "prefers weekly charts", Source.AGENT_RECORDED), t1);
        store.apply(ALICE, List.of(FactTransition.activate(weekly.id(), "new")), Optional.empty(), t1.plusSeconds(60));
        Fact eth = store.insert(new NewFact(ALICE, "trades ETH on Base", Source.AGENT_RECORDED), t1.plusSeconds(100));
        store.apply(ALICE, List.of(FactTransition.activate(eth.id(), "new")), Optional.empty(), t1.plusSeconds(160));
        Fact daily = store.insert(new NewFact(ALICE, "prefers daily charts", Source.AGENT_RECORDED), t1.plusSeconds(200));
        Fact copy = store.insert(new NewFact(ALICE, "trades ETH on base", Source.AGENT_RECORDED), t1.plusSeconds(200));
        Instant t6 = t1.plusSeconds(300);
        store.apply(ALICE, List.of(FactTransition.activate(daily.id(), "newer"), FactTransition.retire(weekly.id(),
                FactStatus.ACTIVE, Optional.of(daily.id()), "outdated")), Optional.of(new ConsolidationEvent(ALICE,
                daily.id(), Optional.of(RowRef.fact(weekly.id())), "F1", ConsolidationDecision.Kind.SUPERSEDE,
                ConsolidationEvent.Outcome.APPLIED, "changed their mind", "m", "h", t6)), t6);
        store.apply(ALICE, List.of(FactTransition.retire(copy.id(), FactStatus.PENDING, Optional.of(eth.id()), "same")),
                Optional.of(new ConsolidationEvent(ALICE, copy.id(), Optional.of(RowRef.fact(eth.id())), "F2",
                        ConsolidationDecision.Kind.DUPLICATE, ConsolidationEvent.Outcome.APPLIED, "same", "m", "h", t6)),
                t6);

        assertThat(facts.activeAsOf(ALICE, t1.minusSeconds(1), 50)).as("not yet recorded").isEmpty();
        assertThat(facts.activeAsOf(ALICE, t1.plusSeconds(30), 50))
                .as("retired since: its activation instant is not kept, so it counts from its recording")
                .extracting(Fact::id).containsExactly(weekly.id());
        assertThat(facts.activeAsOf(ALICE, t1.plusSeconds(130), 50))
                .as("active now: counts from its activation, exactly; still pending then")
                .extracting(Fact::id).containsExactly(weekly.id());
        assertThat(facts.activeAsOf(ALICE, t1.plusSeconds(60), 50)).extracting(Fact::id).containsExactly(weekly.id());
        assertThat(facts.activeAsOf(ALICE, t1.plusSeconds(250), 50)).as("retired since, superseded: it was active")
                .extracting(Fact::id).containsExactly(weekly.id(), eth.id());
        assertThat(facts.activeAsOf(ALICE, t6, 50)).as("the restatement never was")
                .extracting(Fact::id).containsExactly(eth.id(), daily.id());
        assertThat(facts.activeAsOf(ALICE, t6, 1)).extracting(Fact::id).containsExactly(eth.id());
        assertThat(facts.activeAsOf(BOB, t6, 50)).isEmpty();
    }

    @Test
    void recording_stores_a_pending_agent_fact_and_announces_it() {
        List<FactRecorded> heard = new ArrayList<>();
        facts.addListener(heard::add);

        Fact fact = facts.recordFact(ALICE, "  prefers weekly charts ", Optional.empty(), AGENT);

        assertThat(fact.status()).isEqualTo(FactStatus.PENDING);
        assertThat(fact.source()).isEqualTo(Source.AGENT_RECORDED);
        assertThat(fact.content()).isEqualTo("prefers weekly charts");
        assertThat(heard).containsExactly(new FactRecorded(fact));
    }

    @Test
    void a_failing_listener_does_not_fail_the_recording() {
        facts.addListener(e -> {
            throw new IllegalStateException("listener broke");
        });

        assertThat(facts.recordFact(ALICE, "prefers weekly charts", Optional.empty(), AGENT).status()).isEqualTo(FactStatus.PENDING);
    }

    @Test
    void bad_content_names_the_field() {
        assertThatThrownBy(() -> facts.recordFact(ALICE, "  ", Optional.empty(), AGENT)).isInstanceOf(InvalidInputException.class)
                .extracting(e -> ((InvalidInputException) e).field()).isEqualTo("content");
        assertThatThrownBy(() -> facts.recordFact(ALICE, "x".repeat(501), Optional.empty(), AGENT)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("500");
    }

    @Test
    void a_restatement_is_retired_and_the_older_statement_survives() {
        Fact first = record(facts, "User prefers weekly charts.");
        Fact again = record(facts, "user prefers   WEEKLY charts");
        Fact other = record(facts, "user trades ETH on Base");

        ConsolidationReport report = facts.consolidatePending(ALICE);

        assertThat(report.activated()).isEqualTo(2);
        assertThat(report.duplicates()).isEqualTo(1);
        assertThat(report.stillPending()).isZero();
        assertThat(report.stoppedBy()).isEmpty();
        assertThat(facts.get(ALICE, first.id()).status()).isEqualTo(FactStatus.ACTIVE);
        assertThat(facts.get(ALICE, other.id()).status()).isEqualTo(FactStatus.ACTIVE);
        Fact retired = facts.get(ALICE, again.id());
        assertThat(retired.status()).isEqualTo(FactStatus.RETIRED);
        assertThat(retired.retiredBy()).contains(first.id());
        assertThat(retired.reason().orElseThrow()).contains("restates fact:" + first.id());

        List<ConsolidationEvent> trail = facts.events(ALICE, again.id());
        assertThat(trail).hasSize(1);
        assertThat(trail.getFirst().decision()).isEqualTo(ConsolidationDecision.Kind.DUPLICATE);
        assertThat(trail.getFirst().outcome()).isEqualTo(ConsolidationEvent.Outcome.APPLIED);
        assertThat(trail.getFirst().model()).isEqualTo(ConsolidationEvent.DETERMINISTIC);
        assertThat(facts.events(ALICE, first.id())).as("the survivor's trail names it too").isEqualTo(trail);
    }

    @Test
    void a_restatement_of_an_already_active_fact_is_retired_in_a_later_run() {
        Fact first = record(facts, "prefers weekly charts");
        facts.consolidatePending(ALICE);
        Fact later = record(facts, "Prefers weekly charts!");

        facts.consolidatePending(ALICE);

        assertThat(facts.get(ALICE, first.id()).status()).isEqualTo(FactStatus.ACTIVE);
        assertThat(facts.get(ALICE, later.id()).retiredBy()).contains(first.id());
    }

    @Test
    void consolidation_is_idempotent() {
        record(facts, "prefers weekly charts");
        record(facts, "prefers weekly charts.");
        record(facts, "holds BTC long term");
        facts.consolidatePending(ALICE);
        List<Fact> before = facts.list(ALICE, Optional.empty(), Optional.of(100));
        int eventsBefore = before.stream().mapToInt(f -> facts.events(ALICE, f.id()).size()).sum();

        ConsolidationReport again = facts.consolidatePending(ALICE);

        assertThat(again.activated() + again.duplicates() + again.superseded() + again.refused()).isZero();
        assertThat(facts.list(ALICE, Optional.empty(), Optional.of(100))).isEqualTo(before);
        assertThat(before.stream().mapToInt(f -> facts.events(ALICE, f.id()).size()).sum()).isEqualTo(eventsBefore);
    }

    @Test
    void the_outcome_does_not_depend_on_recording_order_or_on_how_runs_are_split() {
        List<String> statements = new ArrayList<>();
        String[] topics = {"prefers weekly charts", "holds BTC long term", "uses 0.5% slippage", "trades on Base",
                "ＡＶＯＩＤＳ meme coins"};
        String[][] variants = {{"", ""}, {"  ", "."}, {"", "!"}, {"\t", " ?"}};
        for (String topic : topics) {
            for (String[] v : variants) {
                statements.add(v[0] + topic + v[1]);
                statements.add(v[0] + topic.toUpperCase(java.util.Locale.ROOT) + v[1]);
            }
        }
        Set<String> expectedKeys = statements.stream().map(FactNormalizer::normalize).collect(Collectors.toSet());
        assertThat(expectedKeys).hasSize(topics.length);

        Map<String, String> firstOutcome = null;
        Random random = new Random(42);
        for (int round = 0; round < 6; round++) {
            List<String> order = new ArrayList<>(statements);
            Collections.shuffle(order, random);
            InMemoryFactStore fresh = new InMemoryFactStore();
            GeneralFactService service = service(fresh);
            Map<String, String> survivorByKey = new TreeMap<>();
            for (int i = 0; i < order.size(); i++) {
                Fact f = record(service, order.get(i));
                survivorByKey.putIfAbsent(f.normalized(), f.content());
                if (round % 2 == 1 && i % 7 == 0) {
                    service.consolidatePending(ALICE);
                }
            }
            service.consolidatePending(ALICE);

            List<Fact> active = service.list(ALICE, Optional.of("active"), Optional.of(500));
            Map<String, String> outcome = new TreeMap<>();
            active.forEach(f -> outcome.put(f.normalized(), f.content()));
            assertThat(outcome.keySet()).as("one active fact per statement").isEqualTo(expectedKeys);
            assertThat(active).hasSize(topics.length);
            assertThat(outcome).as("the first-recorded wording survives").isEqualTo(survivorByKey);
            assertThat(service.list(ALICE, Optional.of("retired"), Optional.of(500)))
                    .hasSize(statements.size() - topics.length)
                    .allSatisfy(f -> assertThat(f.retiredBy()).isPresent());
            Map<String, String> keysOnly = new TreeMap<>();
            outcome.keySet().forEach(k -> keysOnly.put(k, k));
            if (firstOutcome == null) {
                firstOutcome = keysOnly;
            }
            assertThat(keysOnly).isEqualTo(firstOutcome);
        }
    }

    @Test
    void without_a_model_facts_are_activated_without_any_model_call() {
        assertThat(facts.llmConsolidationActive()).as("enabled, but no model is configured").isFalse();
        Fact fact = record(facts, "prefers daily charts");

        facts.consolidatePending(ALICE);

        assertThat(facts.get(ALICE, fact.id()).status()).isEqualTo(FactStatus.ACTIVE);
        assertThat(facts.events(ALICE, fact.id())).isEmpty();
    }

    @Test
    void tenants_are_consolidated_separately() {
        Fact alices = record(facts, "prefers weekly charts");
        clock.advance(Duration.ofSeconds(1));
        Fact bobs = facts.recordFact(BOB, "prefers weekly charts", Optional.empty(), AGENT);

        List<ConsolidationReport> reports = facts.consolidateAll();

        assertThat(reports).extracting(ConsolidationReport::tenant).containsExactlyInAnyOrder(ALICE, BOB);
        assertThat(facts.get(ALICE, alices.id()).status()).isEqualTo(FactStatus.ACTIVE);
        assertThat(facts.get(BOB, bobs.id()).status()).as("not a restatement of alice's fact").isEqualTo(FactStatus.ACTIVE);
        assertThatThrownBy(() -> facts.get(BOB, alices.id())).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> facts.events(BOB, alices.id())).isInstanceOf(NotFoundException.class);
    }

    @Test
    void lists_filter_by_status_and_check_their_arguments() {
        record(facts, "a fact");
        record(facts, "A fact.");
        facts.consolidatePending(ALICE);
        record(facts, "still pending");

        assertThat(facts.list(ALICE, Optional.of("pending"), Optional.empty())).extracting(Fact::content)
                .containsExactly("still pending");
        assertThat(facts.list(ALICE, Optional.of("ACTIVE"), Optional.empty())).extracting(Fact::content)
                .containsExactly("a fact");
        assertThat(facts.list(ALICE, Optional.empty(), Optional.empty())).hasSize(3);
        assertThat(facts.activeFacts(ALICE, 10)).extracting(Fact::content).containsExactly("a fact");
        assertThatThrownBy(() -> facts.list(ALICE, Optional.of("deleted"), Optional.empty()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("status");
        assertThatThrownBy(() -> facts.list(ALICE, Optional.empty(), Optional.of(0)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("limit");
    }

    @Test
    void recording_is_audited_with_its_actor_and_source_and_every_decision_by_the_consolidation() {
        Fact first = facts.recordFact(ALICE, "User prefers weekly charts.", Optional.of(Source.USER_EXPLICIT), AGENT);
        Fact again = record(facts, "user prefers weekly charts");

        facts.consolidatePending(ALICE);

        assertThat(first.source()).isEqualTo(Source.USER_EXPLICIT);
        assertThat(audit.recent(ALICE, 10)).extracting(AuditEntry::action, AuditEntry::subject, e -> e.actor().id())
                .containsExactly(
                        tuple("fact.decision", "fact:" + again.id(), "system:consolidation"),
                        tuple("fact.decision", "fact:" + first.id(), "system:consolidation"),
                        tuple("fact.record", "fact:" + again.id(), "test-agent"),
                        tuple("fact.record", "fact:" + first.id(), "test-agent"));
        assertThat(audit.recent(ALICE, 10).get(0).detail()).startsWith("duplicate");
        assertThat(audit.recent(ALICE, 10).get(3).detail()).contains("user_explicit");
    }

    @Test
    void a_forged_fact_source_is_refused_naming_source_and_nothing_is_recorded() {
        assertThatThrownBy(() -> facts.recordFact(ALICE, "forged", Optional.of(Source.USER_MANUAL), AGENT))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("source"));
        assertThat(store.list(ALICE, Optional.empty(), 10)).isEmpty();
        assertThat(audit.all()).isEmpty();
    }
}
