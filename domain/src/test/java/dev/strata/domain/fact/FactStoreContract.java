package dev.strata.domain.fact;

import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every {@link FactStore} promises, run against the in-memory fake and the SQLite adapter
 * alike. Subclasses provide a fresh, empty store.
 */
public abstract class FactStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    protected FactStore store;

    protected abstract FactStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    protected Fact record(Tenant tenant, String content, Instant at) {
        return store.insert(new NewFact(tenant, content, Source.AGENT_RECORDED), at);
    }

    private ConsolidationEvent event(Tenant tenant, Fact fact, Optional<RowRef> target, ConsolidationEvent.Outcome outcome,
                                     Instant at) {
        return new ConsolidationEvent(tenant, fact.id(), target, target.map(RowRef::toString).orElse(""),
                ConsolidationDecision.Kind.DUPLICATE, outcome, "because", ConsolidationEvent.DETERMINISTIC, "", at);
    }

    @Test
    void insert_stores_a_pending_fact_with_its_normalised_key() {
        Fact stored = record(ALICE, "  User prefers WEEKLY charts. ", T0);

        Fact found = store.find(ALICE, stored.id()).orElseThrow();
        assertThat(found).isEqualTo(stored);
        assertThat(found.content()).isEqualTo("User prefers WEEKLY charts.");
        assertThat(found.normalized()).isEqualTo("user prefers weekly charts");
        assertThat(found.status()).isEqualTo(FactStatus.PENDING);
        assertThat(found.source()).isEqualTo(Source.AGENT_RECORDED);
        assertThat(found.createdAt()).isEqualTo(T0);
        assertThat(found.settledAt()).isEmpty();
        assertThat(found.retiredBy()).isEmpty();
        assertThat(found.reason()).isEmpty();
    }

    @Test
    void another_tenant_cannot_see_or_change_a_fact() {
        Fact fact = record(ALICE, "prefers weekly charts", T0);

        assertThat(store.find(BOB, fact.id())).isEmpty();
        assertThat(store.list(BOB, Optional.empty(), 10)).isEmpty();
        assertThat(store.oldestPending(BOB, 10)).isEmpty();
        assertThat(store.apply(BOB, List.of(FactTransition.activate(fact.id(), "hijack")), Optional.empty(), T0))
                .isFalse();
        assertThat(store.find(ALICE, fact.id()).orElseThrow().status()).isEqualTo(FactStatus.PENDING);
        assertThat(store.count(BOB, FactStatus.PENDING)).isZero();
        assertThat(store.tenantsWithPending()).containsExactly(ALICE);
    }

    @Test
    void pending_facts_drain_oldest_first_and_lists_are_newest_first() {
        Fact late = record(ALICE, "late", T0.plusSeconds(20));
        Fact early = record(ALICE, "early", T0);
        Fact middle = record(ALICE, "middle", T0.plusSeconds(10));

        assertThat(store.oldestPending(ALICE, 10)).extracting(Fact::id).containsExactly(early.id(), middle.id(), late.id());
        assertThat(store.oldestPending(ALICE, 2)).hasSize(2);
        assertThat(store.list(ALICE, Optional.empty(), 10)).extracting(Fact::id)
                .containsExactly(middle.id(), early.id(), late.id());
    }

    @Test
    void a_transition_applies_only_from_the_expected_status() {
        Fact fact = record(ALICE, "prefers weekly charts", T0);
        Instant settled = T0.plus(Duration.ofMinutes(1));

        assertThat(store.apply(ALICE, List.of(FactTransition.activate(fact.id(), "no match")), Optional.empty(), settled))
                .isTrue();
        Fact active = store.find(ALICE, fact.id()).orElseThrow();
        assertThat(active.status()).isEqualTo(FactStatus.ACTIVE);
        assertThat(active.settledAt()).contains(settled);
        assertThat(active.reason()).contains("no match");

        assertThat(store.apply(ALICE, List.of(FactTransition.activate(fact.id(), "again")), Optional.empty(), settled))
                .as("a second activation finds the fact no longer pending").isFalse();
        assertThat(store.find(ALICE, fact.id()).orElseThrow().reason()).contains("no match");
    }

    @Test
    void a_failed_transition_changes_nothing_and_records_no_event() {
        Fact older = record(ALICE, "prefers weekly charts", T0);
        Fact newer = record(ALICE, "prefers daily charts", T0.plusSeconds(1));
        store.apply(ALICE, List.of(FactTransition.activate(older.id(), "first")), Optional.empty(), T0);

        boolean applied = store.apply(ALICE, List.of(
                        FactTransition.activate(newer.id(), "supersedes"),
                        FactTransition.retire(older.id(), FactStatus.PENDING, Optional.of(newer.id()), "stale view")),
                Optional.of(event(ALICE, newer, Optional.of(RowRef.fact(older.id())), ConsolidationEvent.Outcome.APPLIED, T0)),
                T0);

        assertThat(applied).isFalse();
        assertThat(store.find(ALICE, newer.id()).orElseThrow().status()).isEqualTo(FactStatus.PENDING);
        assertThat(store.find(ALICE, older.id()).orElseThrow().status()).isEqualTo(FactStatus.ACTIVE);
        assertThat(store.events(ALICE, newer.id())).isEmpty();
    }

    @Test
    void a_supersession_retires_the_old_fact_and_keeps_its_row_and_trail() {
        Fact older = record(ALICE, "prefers weekly charts", T0);
        store.apply(ALICE, List.of(FactTransition.activate(older.id(), "first")), Optional.empty(), T0);
        Fact newer = record(ALICE, "prefers daily charts", T0.plusSeconds(1));
        ConsolidationEvent decided = event(ALICE, newer, Optional.of(RowRef.fact(older.id())),
                ConsolidationEvent.Outcome.APPLIED, T0.plusSeconds(2));

        assertThat(store.apply(ALICE, List.of(
                FactTransition.activate(newer.id(), "supersedes F1"),
                FactTransition.retire(older.id(), FactStatus.ACTIVE, Optional.of(newer.id()), "superseded")),
                Optional.of(decided), T0.plusSeconds(2))).isTrue();

        Fact retired = store.find(ALICE, older.id()).orElseThrow();
        assertThat(retired.status()).isEqualTo(FactStatus.RETIRED);
        assertThat(retired.retiredBy()).contains(newer.id());
        assertThat(retired.content()).isEqualTo("prefers weekly charts");
        assertThat(store.list(ALICE, Optional.of(FactStatus.RETIRED), 10)).containsExactly(retired);
        assertThat(store.list(ALICE, Optional.of(FactStatus.ACTIVE), 10)).extracting(Fact::id).containsExactly(newer.id());
        assertThat(store.events(ALICE, newer.id())).containsExactly(decided);
        assertThat(store.events(ALICE, older.id())).as("the target's trail shows it too").containsExactly(decided);
        assertThat(store.events(BOB, older.id())).isEmpty();
    }

    @Test
    void an_event_without_transitions_is_still_recorded() {
        Fact fact = record(ALICE, "prefers weekly charts", T0);
        ConsolidationEvent refused = new ConsolidationEvent(ALICE, fact.id(), Optional.empty(), "F9",
                ConsolidationDecision.Kind.SUPERSEDE, ConsolidationEvent.Outcome.REJECTED, "F9 is made up",
                "gpt-test", "abc123", T0);

        assertThat(store.apply(ALICE, List.of(), Optional.of(refused), T0)).isTrue();

        assertThat(store.events(ALICE, fact.id())).containsExactly(refused);
    }

    @Test
    void events_of_another_tenant_are_refused() {
        Fact fact = record(ALICE, "prefers weekly charts", T0);

        assertThatThrownBy(() -> store.apply(ALICE, List.of(), Optional.of(
                event(BOB, fact, Optional.empty(), ConsolidationEvent.Outcome.APPLIED, T0)), T0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void exact_match_finds_the_oldest_active_fact_with_the_same_key() {
        Fact first = record(ALICE, "Prefers weekly charts", T0);
        Fact second = record(ALICE, "prefers weekly charts!", T0.plusSeconds(1));
        Fact other = record(BOB, "prefers weekly charts", T0);
        store.apply(ALICE, List.of(FactTransition.activate(first.id(), "a"), FactTransition.activate(second.id(), "b")),
                Optional.empty(), T0);
        store.apply(BOB, List.of(FactTransition.activate(other.id(), "c")), Optional.empty(), T0);

        assertThat(store.findActiveByNormalized(ALICE, "prefers weekly charts")).map(Fact::id).contains(first.id());
        assertThat(store.findActiveByNormalized(ALICE, "prefers daily charts")).isEmpty();
        record(ALICE, "prefers monthly charts", T0);
        assertThat(store.findActiveByNormalized(ALICE, "prefers monthly charts")).as("pending facts do not match")
                .isEmpty();
    }

    @Test
    void similarity_search_returns_only_the_tenants_active_facts_sharing_words() {
        Fact charts = record(ALICE, "prefers weekly charts for BTC", T0);
        Fact slippage = record(ALICE, "always uses 0.5% slippage", T0);
        Fact pending = record(ALICE, "prefers daily charts", T0);
        Fact bobs = record(BOB, "prefers weekly charts", T0);
        store.apply(ALICE, List.of(FactTransition.activate(charts.id(), "a"), FactTransition.activate(slippage.id(), "b")),
                Optional.empty(), T0);
        store.apply(BOB, List.of(FactTransition.activate(bobs.id(), "c")), Optional.empty(), T0);

        List<Fact> similar = store.searchActive(ALICE, "The user now prefers daily charts.", 5);

        assertThat(similar).extracting(Fact::id).containsExactly(charts.id());
        assertThat(similar).extracting(Fact::id).doesNotContain(pending.id(), bobs.id());
        assertThat(store.searchActive(ALICE, "???", 5)).isEmpty();
        assertThat(store.searchActive(ALICE, "nothing in common", 5)).isEmpty();
    }

    @Test
    void active_facts_for_the_snapshot_come_oldest_first() {
        Fact b = record(ALICE, "second", T0.plusSeconds(5));
        Fact a = record(ALICE, "first", T0);
        store.apply(ALICE, List.of(FactTransition.activate(b.id(), "x"), FactTransition.activate(a.id(), "y")),
                Optional.empty(), T0);

        assertThat(store.activeOldestFirst(ALICE, 10)).extracting(Fact::id).containsExactly(a.id(), b.id());
        assertThat(store.activeOldestFirst(ALICE, 1)).extracting(Fact::id).containsExactly(a.id());
        assertThat(store.count(ALICE, FactStatus.ACTIVE)).isEqualTo(2);
    }
}
