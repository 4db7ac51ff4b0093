package dev.strata.domain.graph;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.EdgeSource;
import dev.strata.domain.memory.ExtractedEdges;
import dev.strata.domain.memory.LinkedMemory;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.MemoryEdgeStore;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SaveOutcome;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every {@link MemoryEdgeStore} promises together with the {@link MemoryStore} that writes the
 * edges, run against the in-memory fakes and the SQLite adapters alike. Subclasses provide a fresh,
 * empty pair of stores over the same data. The memory store writes the edges each memory carries
 * (the application derives them, as these helpers do with the same extractor).
 */
public abstract class MemoryEdgeStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    protected static final FinanceEntity BTC = FinanceEntity.ticker("BTC");
    protected static final FinanceEntity ETH = FinanceEntity.ticker("ETH");
    protected static final FinanceEntity SOL = FinanceEntity.ticker("SOL");
    protected static final FinanceEntity BASE = FinanceEntity.chain("base");

    private static final EdgeExtractor EXTRACTOR = new EdgeExtractor(new FinanceEntityExtractor());

    /** A memory store and an edge store over the same data. */
    public record Stores(MemoryStore memories, MemoryEdgeStore edges) {
    }

    protected MemoryStore memories;
    protected MemoryEdgeStore edges;

    protected abstract Stores createStores();

    @BeforeEach
    void freshStores() {
        Stores stores = createStores();
        memories = stores.memories();
        edges = stores.edges();
    }

    protected static NewMemory memory(Tenant tenant, String content) {
        return new NewMemory(tenant, Category.LESSON, content, Metadata.EMPTY, Source.USER_MANUAL)
                .withEdges(EXTRACTOR.extract(content));
    }

    private static NewMemory keyed(Tenant tenant, String key, String content) {
        return new NewMemory(tenant, Category.DECISION, content, Metadata.EMPTY, Source.AGENT_RECORDED,
                Optional.of(MemoryKey.of(key))).withEdges(EXTRACTOR.extract(content));
    }

    private static MemoryChange newContent(String content) {
        return new MemoryChange(Optional.of(content), Optional.empty()).withEdges(EXTRACTOR.extract(content));
    }

    private static Memory saved(SaveOutcome outcome) {
        return switch (outcome) {
            case SaveOutcome.Inserted i -> i.memory();
            case SaveOutcome.Superseded s -> s.memory();
            case SaveOutcome.Rejected r -> throw new AssertionError("save rejected: " + r.current());
        };
    }

    private List<Memory> neighbours(Tenant tenant, FinanceEntity entity) {
        return edges.neighborhood(tenant, entity, 100).stream().map(LinkedMemory::memory).toList();
    }

    private List<FinanceEntity> top(Tenant tenant) {
        return edges.topEntities(tenant, Optional.empty(), 100).stream().map(EntityCount::entity).toList();
    }

    @Test
    void a_written_memory_is_in_the_neighborhood_of_each_entity_it_names_with_its_edge_types() {
        Memory m = memories.insert(memory(ALICE, "bought BTC and ETH on base"), T0);

        List<LinkedMemory> btc = edges.neighborhood(ALICE, BTC, 10);
        assertThat(btc).extracting(LinkedMemory::memory).containsExactly(m);
        assertThat(btc.get(0).edges()).containsExactlyInAnyOrder(new MemoryEdge(EdgeType.HOLDS, BTC),
                new MemoryEdge(EdgeType.CO_OCCURS_WITH, FinanceEntity.tickerPair(BTC, ETH)));
        assertThat(edges.neighborhood(ALICE, BASE, 10)).singleElement()
                .satisfies(l -> assertThat(l.edges()).containsExactly(new MemoryEdge(EdgeType.MENTIONS, BASE)));
        assertThat(edges.neighborhood(ALICE, FinanceEntity.tickerPair(ETH, BTC), 10)).singleElement()
                .satisfies(l -> assertThat(l.edges()).extracting(MemoryEdge::type)
                        .containsExactly(EdgeType.CO_OCCURS_WITH));
    }

    @Test
    void an_entity_no_memory_names_has_an_empty_neighborhood() {
        memories.insert(memory(ALICE, "bought BTC"), T0);

        assertThat(edges.neighborhood(ALICE, SOL, 10)).isEmpty();
        assertThat(edges.neighborhood(ALICE, FinanceEntity.forexPair("EUR", "USD"), 10)).isEmpty();
    }

    @Test
    void a_tickers_neighborhood_reaches_pairs_that_contain_it_only() {
        Memory plain = memories.insert(memory(ALICE, "weekly review, nothing traded"), T0);
        assertThat(edges.addAll(List.of(new ExtractedEdges(ALICE, plain.id(), List.of(
                new MemoryEdge(EdgeType.CO_OCCURS_WITH, FinanceEntity.tickerPair(SOL, ETH))))), T0)).isEqualTo(1);

        assertThat(neighbours(ALICE, SOL)).containsExactly(plain);
        assertThat(neighbours(ALICE, ETH)).containsExactly(plain);
        assertThat(neighbours(ALICE, BTC)).isEmpty();
        assertThat(neighbours(ALICE, FinanceEntity.ticker("SO"))).isEmpty();
    }

    @Test
    void the_neighborhood_is_most_recently_updated_first_and_limited() {
        Memory old = memories.insert(memory(ALICE, "bought BTC"), T0);
        Memory mid = memories.insert(memory(ALICE, "sold BTC"), T0.plusSeconds(10));
        Memory recent = memories.insert(memory(ALICE, "watching BTC"), T0.plusSeconds(20));

        assertThat(neighbours(ALICE, BTC)).containsExactly(recent, mid, old);
        assertThat(edges.neighborhood(ALICE, BTC, 2)).extracting(LinkedMemory::memory).containsExactly(recent, mid);
        memories.update(ALICE, old.id(), new MemoryChange(Optional.empty(), Optional.of(new Metadata("{\"a\":1}"))),
                T0.plusSeconds(30));
        assertThat(neighbours(ALICE, BTC).get(0).id()).isEqualTo(old.id());
    }

    @Test
    void batch_writes_and_keyed_saves_write_their_edges_too() {
        List<Memory> batch = memories.insertAll(List.of(memory(ALICE, "bought SOL"), memory(ALICE, "sold ETH"),
                memory(ALICE, "no entities here")), T0);
        Memory saved = saved(memories.save(keyed(ALICE, "btc-plan", "long BTC into the halving"), Optional.empty(),
                T0.plusSeconds(1)));

        assertThat(edges.neighborhood(ALICE, SOL, 10)).singleElement().satisfies(l -> {
            assertThat(l.memory()).isEqualTo(batch.get(0));
            assertThat(l.edges()).containsExactly(new MemoryEdge(EdgeType.HOLDS, SOL));
        });
        assertThat(edges.neighborhood(ALICE, ETH, 10)).singleElement()
                .satisfies(l -> assertThat(l.edges()).containsExactly(new MemoryEdge(EdgeType.EXITED, ETH)));
        assertThat(neighbours(ALICE, BTC)).containsExactly(saved);
    }

    @Test
    void a_content_update_replaces_the_memorys_edges() {
        Memory m = memories.insert(memory(ALICE, "bought BTC"), T0);

        memories.update(ALICE, m.id(), newContent("sold ETH"), T0.plusSeconds(5));

        assertThat(edges.neighborhood(ALICE, BTC, 10)).isEmpty();
        assertThat(edges.neighborhood(ALICE, ETH, 10)).singleElement()
                .satisfies(l -> assertThat(l.edges()).containsExactly(new MemoryEdge(EdgeType.EXITED, ETH)));
        assertThat(top(ALICE)).containsExactly(ETH);
    }

    @Test
    void scenario_edges_come_from_the_system_and_outlive_content_updates() {
        FinanceEntity scenario = FinanceEntity.scenario("dca-weekly");
        Memory m = memories.insert(memory(ALICE, "bought BTC for scenario dca-weekly"), T0);
        assertThat(neighbours(ALICE, scenario)).as("never from content").isEmpty();

        edges.addAll(List.of(new ExtractedEdges(ALICE, m.id(),
                EXTRACTOR.extract(m.content(), SystemMetadata.scenario("dca-weekly")))), T0);
        memories.update(ALICE, m.id(), newContent("sold BTC"), T0.plusSeconds(5));

        assertThat(edges.neighborhood(ALICE, scenario, 10)).singleElement().satisfies(l -> assertThat(l.edges())
                .containsExactly(new MemoryEdge(EdgeType.BELONGS_TO_SCENARIO, scenario)));
        assertThat(edges.neighborhood(ALICE, BTC, 10)).singleElement()
                .satisfies(l -> assertThat(l.edges()).containsExactly(new MemoryEdge(EdgeType.EXITED, BTC)));
    }

    @Test
    void deleted_memories_are_hidden_until_restored() {
        Memory kept = memories.insert(memory(ALICE, "bought BTC"), T0);
        Memory deleted = memories.insert(memory(ALICE, "bought BTC and SOL"), T0.plusSeconds(1));

        memories.softDelete(ALICE, deleted.id(), T0.plusSeconds(2));

        assertThat(neighbours(ALICE, BTC)).containsExactly(kept);
        assertThat(neighbours(ALICE, SOL)).isEmpty();
        assertThat(top(ALICE)).containsExactly(BTC);

        memories.restore(ALICE, deleted.id(), T0);
        assertThat(neighbours(ALICE, SOL)).extracting(Memory::id).containsExactly(deleted.id());
    }

    @Test
    void superseded_entries_are_hidden_and_their_successor_shown() {
        Memory first = saved(memories.save(keyed(ALICE, "plan", "long BTC"), Optional.empty(), T0));
        Memory second = saved(memories.save(keyed(ALICE, "plan", "long ETH instead"), Optional.of("changed my mind"),
                T0.plusSeconds(5)));

        assertThat(neighbours(ALICE, BTC)).isEmpty();
        assertThat(neighbours(ALICE, ETH)).containsExactly(second);
        assertThat(top(ALICE)).containsExactly(ETH).doesNotContain(BTC);
        assertThat(first.id()).isNotEqualTo(second.id());
    }

    @Test
    void purged_memories_lose_their_edges() {
        Memory m = memories.insert(memory(ALICE, "bought BTC"), T0);
        memories.softDelete(ALICE, m.id(), T0.plusSeconds(1));

        assertThat(memories.purgeDeletedBefore(T0.plus(Duration.ofDays(31)))).isEqualTo(1);

        assertThat(edges.neighborhood(ALICE, BTC, 10)).isEmpty();
        assertThat(edges.topEntities(ALICE, Optional.empty(), 10)).isEmpty();
        assertThat(edges.sources(0, 10)).isEmpty();
        assertThat(edges.addAll(List.of(new ExtractedEdges(ALICE, m.id(), EXTRACTOR.extract("bought BTC"))), T0))
                .as("no edges for a memory that is gone").isZero();
        assertThat(edges.neighborhood(ALICE, BTC, 10)).isEmpty();
    }

    @Test
    void a_tenant_never_sees_another_tenants_edges() {
        Memory alices = memories.insert(memory(ALICE, "bought BTC and ETH on base"), T0);
        Memory bobs = memories.insert(memory(BOB, "sold SOL"), T0);

        assertThat(edges.neighborhood(BOB, BTC, 10)).isEmpty();
        assertThat(edges.neighborhood(BOB, BASE, 10)).isEmpty();
        assertThat(top(BOB)).containsExactly(SOL);
        assertThat(neighbours(ALICE, SOL)).isEmpty();

        assertThat(edges.addAll(List.of(new ExtractedEdges(BOB, alices.id(), List.of(new MemoryEdge(EdgeType.HOLDS,
                FinanceEntity.ticker("DOGE"))))), T0)).as("bob cannot attach edges to alice's memory").isZero();
        assertThat(neighbours(BOB, FinanceEntity.ticker("DOGE"))).isEmpty();
        assertThat(neighbours(ALICE, FinanceEntity.ticker("DOGE"))).isEmpty();
        assertThat(neighbours(BOB, SOL)).containsExactly(bobs);
    }

    @Test
    void top_entities_count_linked_memories_and_edges_most_linked_first() {
        memories.insert(memory(ALICE, "bought BTC, then sold BTC"), T0);
        memories.insert(memory(ALICE, "watching BTC and ETH"), T0);
        memories.insert(memory(ALICE, "sold ETH"), T0);
        memories.insert(memory(ALICE, "bought SOL"), T0);

        List<EntityCount> top = edges.topEntities(ALICE, Optional.of(EntityKind.TICKER), 10);

        assertThat(top).containsExactly(new EntityCount(BTC, 2, 3), new EntityCount(ETH, 2, 2),
                new EntityCount(SOL, 1, 1));
        assertThat(edges.topEntities(ALICE, Optional.of(EntityKind.TICKER), 1)).containsExactly(top.get(0));
        assertThat(edges.topEntities(ALICE, Optional.of(EntityKind.TICKER_PAIR), 10))
                .containsExactly(new EntityCount(FinanceEntity.tickerPair(BTC, ETH), 1, 1));
        assertThat(edges.topEntities(ALICE, Optional.of(EntityKind.CHAIN), 10)).isEmpty();
        assertThat(edges.topEntities(ALICE, Optional.empty(), 10)).extracting(EntityCount::entity)
                .containsExactly(BTC, ETH, SOL, FinanceEntity.tickerPair(BTC, ETH));
    }

    @Test
    void sources_page_through_every_stored_memory_of_every_tenant() {
        Memory a = memories.insert(memory(ALICE, "bought BTC"), T0);
        Memory b = memories.insert(memory(BOB, "sold SOL"), T0);
        Memory c = memories.insert(memory(ALICE, "deleted later"), T0);
        memories.softDelete(ALICE, c.id(), T0.plusSeconds(1));

        assertThat(edges.sources(0, 2)).containsExactly(new EdgeSource(ALICE, a.id(), "bought BTC"),
                new EdgeSource(BOB, b.id(), "sold SOL"));
        assertThat(edges.sources(b.id().value(), 10)).containsExactly(new EdgeSource(ALICE, c.id(), "deleted later"));
        assertThat(edges.sources(c.id().value(), 10)).isEmpty();
    }

    @Test
    void a_memory_written_without_edges_has_none_until_a_replay_adds_them() {
        Memory m = memories.insert(new NewMemory(ALICE, Category.LESSON, "bought BTC", Metadata.EMPTY,
                Source.USER_MANUAL), T0);

        assertThat(edges.neighborhood(ALICE, BTC, 10)).as("the store derives nothing itself").isEmpty();
        assertThat(edges.addAll(List.of(new ExtractedEdges(ALICE, m.id(), EXTRACTOR.extract(m.content()))), T0))
                .isEqualTo(1);
        assertThat(neighbours(ALICE, BTC)).containsExactly(m);
    }

    @Test
    void replaying_the_extractor_over_stored_memories_adds_nothing_twice() {
        memories.insert(memory(ALICE, "bought BTC and ETH on base"), T0);
        Memory deleted = memories.insert(memory(BOB, "sold SOL"), T0);
        memories.softDelete(BOB, deleted.id(), T0.plusSeconds(1));
        List<ExtractedEdges> replay = edges.sources(0, 100).stream()
                .map(s -> new ExtractedEdges(s.tenant(), s.memory(), EXTRACTOR.extract(s.content()))).toList();

        assertThat(edges.addAll(replay, T0)).as("written with the rows already").isZero();
        assertThat(edges.addAll(replay, T0)).isZero();
        assertThat(top(ALICE)).containsExactlyInAnyOrder(BTC, ETH, BASE, FinanceEntity.tickerPair(BTC, ETH));
    }

    @Test
    void adding_an_edge_twice_stores_it_once() {
        Memory m = memories.insert(memory(ALICE, "notes"), T0);
        ExtractedEdges doge = new ExtractedEdges(ALICE, m.id(), List.of(new MemoryEdge(EdgeType.WATCHED,
                FinanceEntity.ticker("DOGE")), new MemoryEdge(EdgeType.WATCHED, FinanceEntity.ticker("DOGE"))));

        assertThat(edges.addAll(List.of(doge), T0)).isEqualTo(1);
        assertThat(edges.addAll(List.of(doge, doge), T0)).isZero();
        assertThat(edges.topEntities(ALICE, Optional.empty(), 10))
                .containsExactly(new EntityCount(FinanceEntity.ticker("DOGE"), 1, 1));
    }
}
