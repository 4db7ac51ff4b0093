package dev.strata.domain.role;

import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link RoleMemoryStore} promises; run against the in-memory fake and the SQLite adapter. */
public abstract class RoleMemoryStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final RoleId TARGET = RoleId.of("analysis.valuation.target_price");
    protected static final RoleId PEERS = RoleId.of("analysis.valuation.peer_comp");
    protected static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    protected static final Asset BTC = Asset.of("BTC");
    protected static final Asset ETH = Asset.of("ETH");

    /** Text a serialisation could easily alter: quotes, backslashes, SQL, FTS syntax, astral characters. */
    protected static final String AWKWARD = "Buy BTC \"now\" \\ it's 'cheap'; DROP TABLE role_memory; -- "
            + "NEAR(a b) AND OR * \u00e9 \u4e2d\u6587 \uD83E\uDD85 {pnl}";

    protected RoleMemoryStore store;

    protected abstract RoleMemoryStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    protected RoleMemoryEntry record(Tenant tenant, RoleId role, String decision, Optional<Asset> asset, Instant at) {
        return store.record(new NewRoleMemoryEntry(tenant, role, new RoleInputs("{\"symbol\": \"BTC\", \"n\": [1, 2]}"),
                decision, asset, at), List.of());
    }

    protected RoleMemoryEntry record(String decision, Instant at) {
        return record(ALICE, TARGET, decision, Optional.of(BTC), at);
    }

    protected static Reflection lesson(String narrative, String lesson, Instant at) {
        return new Reflection(Classification.LOGIC_ERROR, narrative, Optional.of(lesson), "stub-model", at);
    }

    protected static Reflection noise(String narrative, Instant at) {
        return new Reflection(Classification.VARIANCE, narrative, Optional.empty(), "stub-model", at);
    }

    @Test
    void a_recorded_entry_comes_back_pending_with_everything_it_was_given() {
        RoleMemoryEntry saved = store.record(new NewRoleMemoryEntry(ALICE, TARGET, new RoleInputs("{\"q\": \"" + "\\\"x\\\"" + "\"}"),
                AWKWARD, Optional.of(BTC), T0), List.of());

        RoleMemoryEntry found = store.find(ALICE, saved.id()).orElseThrow();
        assertThat(found).isEqualTo(saved);
        assertThat(found.decision()).isEqualTo(AWKWARD);
        assertThat(found.inputs().json()).isEqualTo("{\"q\": \"\\\"x\\\"\"}");
        assertThat(found.status()).isEqualTo(EntryStatus.PENDING);
        assertThat(found.outcome()).isEmpty();
        assertThat(found.reflection()).isEmpty();
        assertThat(found.note()).isEmpty();
        assertThat(found.createdAt()).isEqualTo(T0);
    }

    @Test
    void an_entry_without_an_asset_round_trips() {
        RoleMemoryEntry saved = record(ALICE, TARGET, "stay flat", Optional.empty(), T0);

        assertThat(store.find(ALICE, saved.id()).orElseThrow().asset()).isEmpty();
    }

    @Test
    void ids_are_distinct_and_increasing() {
        RoleMemoryEntry a = record("one", T0);
        RoleMemoryEntry b = record("two", T0);

        assertThat(b.id().value()).isGreaterThan(a.id().value());
    }

    @Test
    void another_tenant_sees_none_of_the_entries_and_cannot_change_them() {
        RoleMemoryEntry saved = record("buy BTC", T0);
        Instant later = T0.plus(Duration.ofHours(1));

        assertThat(store.find(BOB, saved.id())).isEmpty();
        assertThat(store.pending(BOB, TARGET, Optional.empty(), 10)).isEmpty();
        assertThat(store.rolesPendingOn(BOB, BTC)).isEmpty();
        assertThat(store.search(BOB, TARGET, "BTC", 10)).isEmpty();
        assertThat(store.countPendingCreatedBefore(BOB, later)).isZero();
        assertThat(store.recordOutcome(BOB, saved.id(), new Outcome("up 5%", Optional.empty(), "manual", later), later))
                .isFalse();
        assertThat(store.addEvidence(BOB, saved.id(), new Evidence("news", "wire", "halt", later), later)).isFalse();
        assertThat(store.note(BOB, saved.id(), "mine now", later)).isFalse();
        assertThat(store.skip(BOB, saved.id(), "mine now", later)).isFalse();
        assertThat(store.reflect(BOB, saved.id(), lesson("n", "l.", later))).isFalse();
        store.saveEmbedding(BOB, saved.id(), "m", new Embedding(new float[] {1f}));

        assertThat(store.find(ALICE, saved.id())).contains(saved);
        assertThat(store.embeddings(ALICE, TARGET, "m", 10)).isEmpty();
    }

    @Test
    void lessons_and_timelines_of_one_tenant_never_show_in_another() {
        RoleMemoryEntry mine = record("buy BTC", T0);
        store.reflect(ALICE, mine.id(), lesson("n", "Check funding first.", T0.plusSeconds(60)));

        assertThat(store.recentLessons(BOB, List.of(TARGET), 10)).isEmpty();
        assertThat(store.reflectedForAsset(BOB, BTC, List.of(TARGET), 10)).isEmpty();
        assertThat(store.recentLessons(ALICE, List.of(TARGET), 10)).extracting(RoleMemoryEntry::id)
                .containsExactly(mine.id());
    }

    @Test
    void pending_lists_a_roles_pending_entries_oldest_first_optionally_of_one_asset() {
        RoleMemoryEntry late = record("late", T0.plusSeconds(120));
        RoleMemoryEntry early = record("early", T0);
        RoleMemoryEntry eth = record(ALICE, TARGET, "eth", Optional.of(ETH), T0.plusSeconds(60));
        record(ALICE, PEERS, "other role", Optional.of(BTC), T0);
        RoleMemoryEntry done = record("done", T0.minusSeconds(60));
        store.skip(ALICE, done.id(), "too old", T0);

        assertThat(store.pending(ALICE, TARGET, Optional.empty(), 10)).extracting(RoleMemoryEntry::id)
                .containsExactly(early.id(), eth.id(), late.id());
        assertThat(store.pending(ALICE, TARGET, Optional.of(BTC), 10)).extracting(RoleMemoryEntry::id)
                .containsExactly(early.id(), late.id());
        assertThat(store.pending(ALICE, TARGET, Optional.empty(), 1)).extracting(RoleMemoryEntry::id)
                .containsExactly(early.id());
    }

    @Test
    void roles_pending_on_an_asset_and_tenants_with_pending_entries_are_found() {
        record("btc target", T0);
        record(ALICE, PEERS, "btc peers", Optional.of(BTC), T0);
        RoleMemoryEntry reflected = record(ALICE, PEERS, "eth peers", Optional.of(ETH), T0);
        store.reflect(ALICE, reflected.id(), noise("noise", T0));
        record(BOB, PEERS, "bob's", Optional.of(ETH), T0);

        assertThat(store.rolesPendingOn(ALICE, BTC)).containsExactlyInAnyOrder(TARGET, PEERS);
        assertThat(store.rolesPendingOn(ALICE, ETH)).isEmpty();
        assertThat(store.tenantsWithPending(PEERS)).containsExactly(ALICE, BOB);
        assertThat(store.tenantsWithPending(TARGET)).containsExactly(ALICE);
        assertThat(store.tenantsWithPending(RoleId.of("nobody"))).isEmpty();
    }

    @Test
    void outcome_evidence_and_note_change_a_pending_entry() {
        RoleMemoryEntry saved = record("buy BTC", T0);
        Instant t1 = T0.plus(Duration.ofHours(2));
        Outcome outcome = new Outcome("BTC 100 -> 92 (-8.00%)", Optional.of(new BigDecimal("-8.00")), "price_delta", t1);

        assertThat(store.recordOutcome(ALICE, saved.id(), outcome, t1)).isTrue();
        assertThat(store.addEvidence(ALICE, saved.id(), new Evidence("news", "wire", "exchange halted", t1), t1)).isTrue();
        assertThat(store.addEvidence(ALICE, saved.id(), new Evidence("onchain", "chain", AWKWARD, t1), t1)).isTrue();
        assertThat(store.note(ALICE, saved.id(), "probe failed: timeout", t1)).isTrue();

        RoleMemoryEntry found = store.find(ALICE, saved.id()).orElseThrow();
        assertThat(found.outcome()).contains(outcome);
        assertThat(found.outcome().orElseThrow().changePercent()).contains(new BigDecimal("-8.00"));
        assertThat(found.evidence()).extracting(Evidence::text).containsExactly("exchange halted", AWKWARD);
        assertThat(found.note()).contains("probe failed: timeout");
        assertThat(found.updatedAt()).isEqualTo(t1);
        assertThat(found.isPending()).isTrue();
    }

    @Test
    void a_reflection_is_stored_once_and_never_rewritten() {
        RoleMemoryEntry saved = record("buy BTC", T0);
        store.note(ALICE, saved.id(), "no model", T0);
        Instant t1 = T0.plus(Duration.ofDays(8));
        Reflection first = lesson("Anchored to the last print.", "Check the funding rate first. Then size.", t1);

        assertThat(store.reflect(ALICE, saved.id(), first)).isTrue();
        assertThat(store.reflect(ALICE, saved.id(), noise("rewritten", t1.plusSeconds(1)))).isFalse();
        assertThat(store.skip(ALICE, saved.id(), "late", t1)).isFalse();
        assertThat(store.recordOutcome(ALICE, saved.id(), new Outcome("x", Optional.empty(), "manual", t1), t1)).isFalse();
        assertThat(store.note(ALICE, saved.id(), "again", t1)).isFalse();

        RoleMemoryEntry found = store.find(ALICE, saved.id()).orElseThrow();
        assertThat(found.status()).isEqualTo(EntryStatus.REFLECTED);
        assertThat(found.reflection()).contains(first);
        assertThat(found.lesson()).contains("Check the funding rate first. Then size.");
        assertThat(found.note()).isEmpty();
    }

    @Test
    void a_skipped_entry_keeps_its_reason_and_is_never_reflected() {
        RoleMemoryEntry saved = record("buy BTC", T0);
        Instant t1 = T0.plus(Duration.ofDays(40));

        assertThat(store.skip(ALICE, saved.id(), "older than 720h", t1)).isTrue();
        assertThat(store.reflect(ALICE, saved.id(), lesson("n", "l.", t1))).isFalse();

        RoleMemoryEntry found = store.find(ALICE, saved.id()).orElseThrow();
        assertThat(found.status()).isEqualTo(EntryStatus.SKIPPED);
        assertThat(found.note()).contains("older than 720h");
        assertThat(found.reflection()).isEmpty();
        assertThat(store.pending(ALICE, TARGET, Optional.empty(), 10)).isEmpty();
    }

    @Test
    void recent_lessons_are_newest_reflection_first_of_the_given_roles_with_a_lesson_only() {
        RoleMemoryEntry a = record("a", T0);
        RoleMemoryEntry b = record("b", T0.plusSeconds(1));
        RoleMemoryEntry c = record(ALICE, PEERS, "c", Optional.of(BTC), T0);
        RoleMemoryEntry d = record("d", T0.plusSeconds(2));
        store.reflect(ALICE, a.id(), lesson("n", "Lesson A.", T0.plus(Duration.ofDays(3))));
        store.reflect(ALICE, b.id(), lesson("n", "Lesson B.", T0.plus(Duration.ofDays(2))));
        store.reflect(ALICE, c.id(), lesson("n", "Lesson C.", T0.plus(Duration.ofDays(4))));
        store.reflect(ALICE, d.id(), noise("just noise", T0.plus(Duration.ofDays(5))));

        assertThat(store.recentLessons(ALICE, List.of(TARGET), 10)).extracting(e -> e.lesson().orElseThrow())
                .containsExactly("Lesson A.", "Lesson B.");
        assertThat(store.recentLessons(ALICE, List.of(TARGET, PEERS), 2)).extracting(e -> e.lesson().orElseThrow())
                .containsExactly("Lesson C.", "Lesson A.");
        assertThat(store.recentLessons(ALICE, List.of(), 10)).isEmpty();
    }

    @Test
    void reflected_entries_of_an_asset_form_its_timeline_newest_first() {
        RoleMemoryEntry a = record("a", T0);
        RoleMemoryEntry b = record("b", T0.plusSeconds(1));
        RoleMemoryEntry eth = record(ALICE, TARGET, "eth", Optional.of(ETH), T0);
        record("still pending", T0);
        store.reflect(ALICE, a.id(), noise("first", T0.plus(Duration.ofDays(1))));
        store.reflect(ALICE, b.id(), lesson("second", "Lesson.", T0.plus(Duration.ofDays(2))));
        store.reflect(ALICE, eth.id(), noise("eth", T0.plus(Duration.ofDays(3))));

        assertThat(store.reflectedForAsset(ALICE, BTC, List.of(TARGET, PEERS), 10)).extracting(RoleMemoryEntry::id)
                .containsExactly(b.id(), a.id());
        assertThat(store.reflectedForAsset(ALICE, BTC, List.of(PEERS), 10)).isEmpty();
    }

    @Test
    void search_finds_a_roles_entries_by_decision_lesson_and_narrative_words() {
        RoleMemoryEntry funding = record("long BTC into the funding reset", T0);
        RoleMemoryEntry halving = record("short BTC before the halving", T0);
        record(ALICE, PEERS, "funding comparison across peers", Optional.of(BTC), T0);
        store.reflect(ALICE, halving.id(), lesson("ignored miners' selling", "Weigh miner outflows.", T0.plusSeconds(5)));

        assertThat(store.search(ALICE, TARGET, "funding", 10)).extracting(RoleMemoryEntry::id)
                .containsExactly(funding.id());
        assertThat(store.search(ALICE, TARGET, "what about miner outflows?", 10)).extracting(RoleMemoryEntry::id)
                .containsExactly(halving.id());
        assertThat(store.search(ALICE, TARGET, "reset funding halving", 10)).extracting(RoleMemoryEntry::id)
                .containsExactlyInAnyOrder(funding.id(), halving.id());
        assertThat(store.search(ALICE, TARGET, "unrelated", 10)).isEmpty();
    }

    @Test
    void search_takes_hostile_queries_as_words() {
        RoleMemoryEntry saved = record(AWKWARD, T0);

        for (String query : List.of("\"", "NEAR(", "*", "AND OR NOT", "'; DROP TABLE role_memory; --", "{pnl}", "))",
                "\u4e2d\u6587", "")) {
            assertThat(store.search(ALICE, TARGET, query, 10)).as(query).allMatch(e -> e.id().equals(saved.id()));
        }
        assertThat(store.search(ALICE, TARGET, "cheap", 10)).extracting(RoleMemoryEntry::id).containsExactly(saved.id());
        assertThat(store.find(ALICE, saved.id())).isPresent();
    }

    @Test
    void the_pending_backlog_counts_pending_entries_created_before_the_cutoff() {
        record("old", T0);
        record("new", T0.plus(Duration.ofHours(80)));
        RoleMemoryEntry skipped = record("old skipped", T0);
        store.skip(ALICE, skipped.id(), "expired", T0);

        assertThat(store.countPendingCreatedBefore(ALICE, T0.plus(Duration.ofHours(72)))).isEqualTo(1);
        assertThat(store.countPendingCreatedBefore(ALICE, T0)).isZero();
    }

    @Test
    void edges_are_stored_with_the_entry() {
        List<MemoryEdge> edges = List.of(new MemoryEdge(EdgeType.TRADED, FinanceEntity.ticker("BTC")),
                new MemoryEdge(EdgeType.MENTIONS, FinanceEntity.chain("base")));
        RoleMemoryEntry saved = store.record(new NewRoleMemoryEntry(ALICE, TARGET, RoleInputs.EMPTY, "bought BTC on base",
                Optional.of(BTC), T0), edges);

        assertThat(store.edges(ALICE, saved.id())).containsExactlyElementsOf(edges);
        assertThat(store.edges(BOB, saved.id())).isEmpty();
    }

    @Test
    void added_edges_skip_the_stored_ones_and_never_reach_another_tenants_entry() {
        MemoryEdge traded = new MemoryEdge(EdgeType.TRADED, FinanceEntity.ticker("BTC"));
        MemoryEdge base = new MemoryEdge(EdgeType.MENTIONS, FinanceEntity.chain("base"));
        RoleMemoryEntry saved = store.record(new NewRoleMemoryEntry(ALICE, TARGET, RoleInputs.EMPTY, "bought BTC on base",
                Optional.of(BTC), T0), List.of(traded));

        int added = store.addEdges(List.of(new RoleMemoryStore.EntryEdges(ALICE, saved.id(), List.of(traded, base)),
                new RoleMemoryStore.EntryEdges(BOB, saved.id(), List.of(new MemoryEdge(EdgeType.MENTIONS,
                        FinanceEntity.ticker("SOL")))),
                new RoleMemoryStore.EntryEdges(ALICE, RoleMemoryId.of(4242), List.of(base))), T0);

        assertThat(added).isEqualTo(1);
        assertThat(store.edges(ALICE, saved.id())).containsExactly(traded, base);
        assertThat(store.addEdges(List.of(new RoleMemoryStore.EntryEdges(ALICE, saved.id(), List.of(traded, base))), T0))
                .isZero();
    }

    @Test
    void after_reads_every_tenants_entries_and_reflected_one_tenants_reflected_ones_lowest_id_first() {
        RoleMemoryEntry a = record("a", T0);
        RoleMemoryEntry b = record(BOB, PEERS, "b", Optional.empty(), T0);
        RoleMemoryEntry c = record("c", T0);
        RoleMemoryEntry d = record("d", T0);
        store.reflect(ALICE, c.id(), noise("n", T0.plusSeconds(5)));
        store.reflect(ALICE, a.id(), lesson("n", "l", T0.plusSeconds(9)));
        store.skip(ALICE, d.id(), "late", T0);

        assertThat(store.after(0, 10)).extracting(RoleMemoryEntry::id).containsExactly(a.id(), b.id(), c.id(), d.id());
        assertThat(store.after(a.id().value(), 2)).extracting(RoleMemoryEntry::id).containsExactly(b.id(), c.id());
        assertThat(store.reflected(ALICE, 0, 10)).extracting(RoleMemoryEntry::id).containsExactly(a.id(), c.id());
        assertThat(store.reflected(ALICE, a.id().value(), 10)).extracting(RoleMemoryEntry::id).containsExactly(c.id());
        assertThat(store.reflected(BOB, 0, 10)).isEmpty();
    }

    @Test
    void embeddings_are_kept_per_model_and_cleared_when_a_reflection_adds_text() {
        RoleMemoryEntry a = record("a", T0);
        RoleMemoryEntry b = record("b", T0.plusSeconds(1));
        record(ALICE, PEERS, "other role", Optional.empty(), T0);
        store.saveEmbedding(ALICE, a.id(), "m1", new Embedding(new float[] {1f, 0f}));
        store.saveEmbedding(ALICE, b.id(), "m1", new Embedding(new float[] {0f, 1f}));

        assertThat(store.embeddings(ALICE, TARGET, "m1", 10)).extracting(RoleMemoryStore.EmbeddedEntry::id)
                .containsExactly(b.id(), a.id());
        assertThat(store.embeddings(ALICE, TARGET, "m1", 10).get(1).embedding().vector()).containsExactly(1f, 0f);
        assertThat(store.embeddings(ALICE, TARGET, "m2", 10)).isEmpty();
        assertThat(store.withoutEmbedding("m1", 0, 10)).extracting(RoleMemoryEntry::decision).containsExactly("other role");

        store.reflect(ALICE, a.id(), noise("grew", T0.plusSeconds(5)));
        assertThat(store.embeddings(ALICE, TARGET, "m1", 10)).extracting(RoleMemoryStore.EmbeddedEntry::id)
                .containsExactly(b.id());
        assertThat(store.withoutEmbedding("m1", 0, 10)).extracting(RoleMemoryEntry::id).contains(a.id());
        assertThat(store.withoutEmbedding("m1", a.id().value(), 10)).extracting(RoleMemoryEntry::id)
                .doesNotContain(a.id());
    }

    @Test
    void nothing_is_found_for_an_unknown_id() {
        assertThat(store.find(ALICE, RoleMemoryId.of(4242))).isEmpty();
        assertThat(store.reflect(ALICE, RoleMemoryId.of(4242), noise("n", T0))).isFalse();
        assertThat(store.edges(ALICE, RoleMemoryId.of(4242))).isEmpty();
        assertThat(Set.copyOf(store.pending(ALICE, TARGET, Optional.empty(), 5))).isEmpty();
    }
}
