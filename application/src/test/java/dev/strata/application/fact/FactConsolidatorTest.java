package dev.strata.application.fact;

import dev.strata.application.languagemodel.BudgetedLanguageModel;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.fact.ConsolidationDecision;
import dev.strata.domain.fact.ConsolidationEvent;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactStatus;
import dev.strata.domain.fact.InMemoryFactStore;
import dev.strata.domain.fact.RowRef;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.BudgetPolicy;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.InMemorySpendLedger;
import dev.strata.domain.languagemodel.ModelPricing;
import dev.strata.domain.languagemodel.SpendCategory;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import static dev.strata.application.provenance.TestOrigins.AGENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The LLM pass with a scripted model: every decision kind, the invariants and the failure modes. */
class FactConsolidatorTest {

    private static final Tenant ALICE = Tenant.of("alice");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-14T09:00:00Z"));
    private final InMemoryFactStore store = new InMemoryFactStore();
    private final InMemoryMemoryStore memories = new InMemoryMemoryStore();
    private final InMemoryAuditLog audit = new InMemoryAuditLog();
    private final DecidingModel model = new DecidingModel();
    private GeneralFactService facts = withModel(model, "");

    private GeneralFactService withModel(dev.strata.domain.languagemodel.LanguageModel llm, String guidance) {
        return new GeneralFactService(store, new FactConsolidator(llm, store, memories, clock,
                ConsolidationSettings.enabled(guidance)), clock, 1000, audit);
    }

    /** An active fact, settled before the test's own facts arrive. */
    private Fact active(String content) {
        Fact fact = record(content);
        GeneralFactService plain = new GeneralFactService(store, new FactConsolidator(model, store, memories, clock,
                ConsolidationSettings.DISABLED), clock, 1000, audit);
        plain.consolidatePending(ALICE);
        return store.find(ALICE, fact.id()).orElseThrow();
    }

    private Fact record(String content) {
        clock.advance(Duration.ofSeconds(1));
        return facts.recordFact(ALICE, content, Optional.empty(), AGENT);
    }

    private Memory userStated(String content) {
        return memories.insert(new NewMemory(ALICE, Category.PERSONALIZATION, content, Metadata.EMPTY,
                Source.USER_MANUAL), clock.instant());
    }

    private ConsolidationEvent onlyEvent(Fact fact) {
        List<ConsolidationEvent> trail = store.events(ALICE, fact.id());
        assertThat(trail).hasSize(1);
        return trail.getFirst();
    }

    @Test
    void a_newer_fact_supersedes_an_older_one() {
        Fact weekly = active("user prefers weekly charts");
        Fact daily = record("user prefers daily charts");
        model.decides("supersede", "F1", "the user changed their mind");

        ConsolidationReport report = facts.consolidatePending(ALICE);

        assertThat(report.superseded()).isEqualTo(1);
        Fact retired = store.find(ALICE, weekly.id()).orElseThrow();
        assertThat(retired.status()).isEqualTo(FactStatus.RETIRED);
        assertThat(retired.retiredBy()).contains(daily.id());
        assertThat(store.find(ALICE, daily.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
        ConsolidationEvent event = onlyEvent(daily);
        assertThat(event.decision()).isEqualTo(ConsolidationDecision.Kind.SUPERSEDE);
        assertThat(event.outcome()).isEqualTo(ConsolidationEvent.Outcome.APPLIED);
        assertThat(event.target()).contains(RowRef.fact(weekly.id()));
        assertThat(event.named()).isEqualTo("F1");
        assertThat(event.model()).isEqualTo(DecidingModel.MODEL);
        assertThat(event.promptHash()).hasSize(64);
        assertThat(event.reason()).isEqualTo("the user changed their mind");
        assertThat(store.events(ALICE, weekly.id())).containsExactly(event);

        ChatRequest asked = model.received.getFirst();
        assertThat(asked.tenant()).isEqualTo("alice");
        assertThat(asked.category()).isEqualTo(SpendCategory.CONSOLIDATION);
        assertThat(asked.outputSchema()).contains(ConsolidationPrompt.SCHEMA);
        assertThat(asked.messages().getFirst().content())
                .contains("F1: user prefers weekly charts", "NEW fact:\nuser prefers daily charts")
                .doesNotContain("fact:" + weekly.id());
    }

    @Test
    void a_duplicate_retires_the_new_fact() {
        Fact weekly = active("user prefers weekly charts");
        Fact restated = record("the user likes weekly charts best");
        model.decides("duplicate", "F1", "same preference");

        assertThat(facts.consolidatePending(ALICE).duplicates()).isEqualTo(1);

        Fact retired = store.find(ALICE, restated.id()).orElseThrow();
        assertThat(retired.status()).isEqualTo(FactStatus.RETIRED);
        assertThat(retired.retiredBy()).contains(weekly.id());
        assertThat(store.find(ALICE, weekly.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
        assertThat(onlyEvent(restated).outcome()).isEqualTo(ConsolidationEvent.Outcome.APPLIED);
    }

    @Test
    void keep_both_activates_the_new_fact_beside_the_old() {
        Fact weekly = active("user prefers weekly charts");
        Fact btc = record("user prefers BTC charts in log scale");
        model.decides("keep_both", "", "different aspects");

        facts.consolidatePending(ALICE);

        assertThat(store.find(ALICE, weekly.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
        assertThat(store.find(ALICE, btc.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
        ConsolidationEvent event = onlyEvent(btc);
        assertThat(event.decision()).isEqualTo(ConsolidationDecision.Kind.KEEP_BOTH);
        assertThat(event.target()).isEmpty();
    }

    @Test
    void an_exact_restatement_never_reaches_the_model() {
        active("user prefers weekly charts");
        record("User prefers weekly charts.");

        assertThat(facts.consolidatePending(ALICE).duplicates()).isEqualTo(1);
        assertThat(model.received).isEmpty();
    }

    @Test
    void a_fact_with_nothing_similar_is_activated_without_a_model_call() {
        Fact fact = record("holds BTC long term");

        facts.consolidatePending(ALICE);

        assertThat(store.find(ALICE, fact.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
        assertThat(model.received).isEmpty();
    }

    @Test
    void invalid_json_leaves_the_fact_pending_until_a_run_gets_a_valid_answer() {
        Fact weekly = active("user prefers weekly charts");
        Fact daily = record("user prefers daily charts");
        model.failsToProduceJson();

        ConsolidationReport failed = facts.consolidatePending(ALICE);

        assertThat(failed.stillPending()).isEqualTo(1);
        assertThat(failed.stoppedBy().orElseThrow()).contains("fact_consolidation");
        assertThat(store.find(ALICE, daily.id()).orElseThrow().status()).isEqualTo(FactStatus.PENDING);
        assertThat(store.events(ALICE, daily.id())).isEmpty();

        model.decides("supersede", "F1", "newer preference");
        ConsolidationReport repaired = facts.consolidatePending(ALICE);

        assertThat(repaired.stillPending()).isZero();
        assertThat(store.find(ALICE, weekly.id()).orElseThrow().status()).isEqualTo(FactStatus.RETIRED);
        assertThat(store.find(ALICE, daily.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
    }

    @Test
    void a_model_cannot_retire_the_users_own_statement() {
        Memory stated = userStated("I prefer weekly charts");
        Fact daily = record("user prefers daily charts");
        model.decides("supersede", "U1", "the agent heard otherwise");

        ConsolidationReport report = facts.consolidatePending(ALICE);

        assertThat(report.refused()).isEqualTo(1);
        assertThat(memories.find(ALICE, stated.id())).as("the user_manual row is untouched").contains(stated);
        assertThat(store.find(ALICE, daily.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
        ConsolidationEvent event = onlyEvent(daily);
        assertThat(event.outcome()).isEqualTo(ConsolidationEvent.Outcome.REJECTED);
        assertThat(event.decision()).isEqualTo(ConsolidationDecision.Kind.SUPERSEDE);
        assertThat(event.target()).contains(RowRef.memory(stated.id().value()));
        assertThat(event.reason()).contains("user_manual", "the agent heard otherwise");
        assertThat(model.received.getFirst().messages().getFirst().content()).contains("U1: I prefer weekly charts");
    }

    @Test
    void only_the_users_manual_personalization_rows_are_shown() {
        memories.insert(new NewMemory(ALICE, Category.PERSONALIZATION, "inferred: likes weekly charts", Metadata.EMPTY,
                Source.INFERRED), clock.instant());
        memories.insert(new NewMemory(ALICE, Category.PREFERENCE, "weekly charts always", Metadata.EMPTY,
                Source.USER_MANUAL), clock.instant());
        memories.insert(new NewMemory(Tenant.of("bob"), Category.PERSONALIZATION, "bob prefers weekly charts",
                Metadata.EMPTY, Source.USER_MANUAL), clock.instant());
        Fact daily = record("user prefers daily charts");

        facts.consolidatePending(ALICE);

        assertThat(model.received).as("no candidate qualified, so no call").isEmpty();
        assertThat(store.find(ALICE, daily.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
    }

    @Test
    void a_made_up_id_is_refused_and_audited() {
        Fact weekly = active("user prefers weekly charts");
        Fact daily = record("user prefers daily charts");
        model.decides("supersede", "F7", "F7 is outdated");

        facts.consolidatePending(ALICE);

        assertThat(store.find(ALICE, weekly.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
        assertThat(store.find(ALICE, daily.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
        ConsolidationEvent event = onlyEvent(daily);
        assertThat(event.outcome()).isEqualTo(ConsolidationEvent.Outcome.REJECTED);
        assertThat(event.named()).isEqualTo("F7");
        assertThat(event.target()).isEmpty();
        assertThat(event.reason()).contains("'F7' is not among the candidates shown (F1)");
    }

    @Test
    void a_database_id_is_not_a_candidate_id_either() {
        Fact weekly = active("user prefers weekly charts");
        record("user prefers daily charts");
        model.decides("supersede", weekly.id().toString(), "by database id");

        assertThat(facts.consolidatePending(ALICE).refused()).isEqualTo(1);
        assertThat(store.find(ALICE, weekly.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
    }

    @Test
    void an_exhausted_budget_leaves_facts_pending_without_calling_the_model() {
        active("user prefers weekly charts");
        InMemorySpendLedger ledger = new InMemorySpendLedger();
        BudgetedLanguageModel budgeted = new BudgetedLanguageModel(model, ledger,
                new BudgetPolicy(OptionalLong.of(100), Optional.empty()), ModelPricing.none(), clock, ZoneOffset.UTC);
        facts = withModel(budgeted, "");
        Fact daily = record("user prefers daily charts");
        Fact restated = record("user prefers daily charts.");

        ConsolidationReport report = facts.consolidatePending(ALICE);

        assertThat(report.stoppedBy().orElseThrow()).contains("daily token cap 100");
        assertThat(report.stillPending()).isEqualTo(2);
        assertThat(store.find(ALICE, daily.id()).orElseThrow().status()).isEqualTo(FactStatus.PENDING);
        assertThat(store.find(ALICE, restated.id()).orElseThrow().status())
                .as("later facts wait too, so oldest-first order holds").isEqualTo(FactStatus.PENDING);
        assertThat(model.received).isEmpty();
        assertThat(ledger.spentOn("alice", LocalDate.of(2026, 3, 14)).total().calls()).isZero();
    }

    @Test
    void guidance_is_shown_as_an_advisory_preference_below_the_rules() {
        active("user prefers weekly charts");
        facts = withModel(model, "Prefer keeping both\nwhen unsure.");
        record("user prefers daily charts");
        model.decides("keep_both", "", "unsure");

        facts.consolidatePending(ALICE);

        String system = model.received.getFirst().system();
        assertThat(system).contains("Operator preference (advisory only; it cannot change the rules above):\n"
                + "Prefer keeping both when unsure.");
        assertThat(system.indexOf("Operator preference")).isGreaterThan(system.indexOf("never outdated"));
    }

    @Test
    void guidance_is_bounded_in_length() {
        assertThatThrownBy(() -> ConsolidationSettings.enabled("x".repeat(ConsolidationSettings.MAX_GUIDANCE_CHARS + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1000");
        assertThat(ConsolidationSettings.enabled("x".repeat(ConsolidationSettings.MAX_GUIDANCE_CHARS)).guidance())
                .hasSize(1000);
    }

    @Test
    void the_same_prompt_hashes_the_same() {
        Fact weekly = active("user prefers weekly charts");
        Fact first = record("user prefers daily charts");
        model.decides("keep_both", "", "a").decides("keep_both", "", "b");
        facts.consolidatePending(ALICE);
        store.apply(ALICE, List.of(dev.strata.domain.fact.FactTransition.retire(first.id(), FactStatus.ACTIVE,
                Optional.empty(), "test reset")), Optional.empty(), clock.instant());
        Fact second = record("user prefers daily charts");
        facts.consolidatePending(ALICE);

        assertThat(onlyEvent(second).promptHash()).isEqualTo(onlyEvent(first).promptHash());
        assertThat(weekly.status()).isEqualTo(FactStatus.ACTIVE);
    }

    @Test
    void a_target_that_changed_while_the_model_decided_is_not_retired_twice() {
        Fact weekly = active("user prefers weekly charts");
        Fact daily = record("user prefers daily charts");
        model.decidesAfter(() -> store.apply(ALICE, List.of(dev.strata.domain.fact.FactTransition.retire(weekly.id(),
                        FactStatus.ACTIVE, Optional.empty(), "retired meanwhile")), Optional.empty(), clock.instant()),
                "supersede", "F1", "outdated");

        ConsolidationReport report = facts.consolidatePending(ALICE);

        assertThat(report.refused()).isEqualTo(1);
        assertThat(store.find(ALICE, weekly.id()).orElseThrow().reason()).contains("retired meanwhile");
        assertThat(store.find(ALICE, daily.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
        ConsolidationEvent event = onlyEvent(daily);
        assertThat(event.outcome()).isEqualTo(ConsolidationEvent.Outcome.REJECTED);
        assertThat(event.reason()).contains("changed while the model was deciding");
    }
}
