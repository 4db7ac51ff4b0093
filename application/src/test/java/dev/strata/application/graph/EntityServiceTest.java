package dev.strata.application.graph;

import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.SaveMemory;
import dev.strata.application.memory.SearchResults;
import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.EntityCount;
import dev.strata.domain.graph.EntityKind;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.graph.InMemoryMemoryEdgeStore;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.ExtractedEdges;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.LinkedMemory;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import static dev.strata.application.provenance.TestOrigins.AGENT_ACTOR;
import static dev.strata.application.provenance.TestOrigins.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EntityServiceTest {

    private static final Tenant ME = Tenant.of("me");
    private static final Tenant OTHER = Tenant.of("other");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private final InMemoryMemoryStore memories = new InMemoryMemoryStore();
    private final InMemoryMemoryEdgeStore edges = new InMemoryMemoryEdgeStore(memories);
    private final EdgeExtractor extractor = new EdgeExtractor(new FinanceEntityExtractor());
    private final EntityService service = new EntityService(edges, extractor, clock);
    /** The writer of memories and their edges, as wired in production. */
    private final MemoryService writer = new MemoryService(memories, new InMemoryAuditLog(), clock,
            MemoryLimits.DEFAULTS, Duration.ofDays(30), request -> SearchResults.keywordOnly(List.of()), extractor);

    private Memory write(Tenant tenant, String content) {
        return writer.write(new WriteMemory(tenant, Category.LESSON.value(), content, Metadata.EMPTY, Optional.of(Source.USER_MANUAL), OPERATOR));
    }

    private static void assertRefused(Runnable call, String field) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo(field));
    }

    @Test
    void a_forex_neighborhood_is_found_however_the_pair_is_spelled() {
        Memory m = write(ME, "went long EUR/USD before the ECB");

        for (String spelling : List.of("EUR/USD", "eur-usd", "EURUSD")) {
            EntityNeighborhood n = service.neighborhood(ME, spelling, Optional.empty(), Optional.empty());
            assertThat(n.entity()).isEqualTo(FinanceEntity.forexPair("EUR", "USD"));
            assertThat(n.memories()).extracting(LinkedMemory::memory).containsExactly(m);
            assertThat(n.memories().get(0).edges()).extracting(MemoryEdge::type).containsExactly(EdgeType.HOLDS);
        }
    }

    @Test
    void a_ticker_neighborhood_shows_the_holding_and_the_pair_it_is_part_of() {
        Memory m = write(ME, "bought BTC and ETH on base");

        EntityNeighborhood n = service.neighborhood(ME, "$btc", Optional.empty(), Optional.of(5));

        assertThat(n.entity()).isEqualTo(FinanceEntity.ticker("BTC"));
        assertThat(n.memories()).singleElement().satisfies(l -> {
            assertThat(l.memory()).isEqualTo(m);
            assertThat(l.edges()).extracting(MemoryEdge::type).containsExactly(EdgeType.HOLDS, EdgeType.CO_OCCURS_WITH);
        });
        assertThat(service.neighborhood(OTHER, "BTC", Optional.empty(), Optional.empty()).memories()).isEmpty();
    }

    @Test
    void a_named_kind_decides_what_an_ambiguous_key_means() {
        write(ME, "bridged ETH to base");

        assertThat(service.neighborhood(ME, "base", Optional.empty(), Optional.empty()).memories()).hasSize(1);
        EntityNeighborhood asTicker = service.neighborhood(ME, "base", Optional.of("ticker"), Optional.empty());
        assertThat(asTicker.entity()).isEqualTo(FinanceEntity.ticker("BASE"));
        assertThat(asTicker.memories()).isEmpty();
    }

    @Test
    void bad_input_is_refused_naming_the_field() {
        assertRefused(() -> service.neighborhood(ME, " ", Optional.empty(), Optional.empty()), "key");
        assertRefused(() -> service.neighborhood(ME, "BTC", Optional.of("stock"), Optional.empty()), "kind");
        assertRefused(() -> service.neighborhood(ME, "BTC", Optional.empty(), Optional.of(0)), "limit");
        assertRefused(() -> service.neighborhood(ME, "BTC", Optional.empty(),
                Optional.of(EntityService.MAX_LIMIT + 1)), "limit");
        assertRefused(() -> service.topEntities(ME, Optional.of(""), Optional.empty()), "kind");
        assertRefused(() -> service.topEntities(ME, Optional.empty(), Optional.of(-1)), "limit");
    }

    @Test
    void top_entities_rank_the_tenants_most_linked_entities_optionally_of_one_kind() {
        write(ME, "bought BTC");
        write(ME, "sold BTC, bought SOL");
        write(ME, "bridged ETH to base");
        write(OTHER, "bought DOGE and DOGE and DOGE");

        assertThat(service.topEntities(ME, Optional.empty(), Optional.of(1)))
                .containsExactly(new EntityCount(FinanceEntity.ticker("BTC"), 2, 2));
        assertThat(service.topEntities(ME, Optional.of("chain"), Optional.empty()))
                .containsExactly(new EntityCount(FinanceEntity.chain("base"), 1, 1));
        assertThat(service.topEntities(ME, Optional.of("ticker"), Optional.empty()))
                .extracting(c -> c.entity().key()).containsExactly("BTC", "ETH", "SOL");
        assertThat(service.topEntities(ME, Optional.empty(), Optional.empty()))
                .extracting(c -> c.entity().kind()).doesNotContain(EntityKind.SCENARIO)
                .hasSizeLessThanOrEqualTo(EntityService.DEFAULT_TOP_LIMIT);
    }

    @Test
    void a_replay_reads_every_stored_memory_across_pages_and_tenants_and_adds_nothing_that_is_stored() {
        IntStream.range(0, EntityService.REPLAY_PAGE * 2 + 1)
                .forEach(i -> write(i % 2 == 0 ? ME : OTHER, i % 3 == 0 ? "bought SOL" : "note " + i));

        assertThat(service.rebuildEdges()).isEqualTo(new EdgeReplay(EntityService.REPLAY_PAGE * 2 + 1, 0));
        assertThat(service.rebuildEdges()).isEqualTo(new EdgeReplay(EntityService.REPLAY_PAGE * 2 + 1, 0));
    }

    @Test
    void a_replay_finds_nothing_that_any_write_path_of_the_memory_service_left_out() {
        write(ME, "bought BTC and ETH on base");
        writer.writeAll(List.of(new WriteMemory(ME, "lesson", "sold SOL, watching DOGE", Metadata.EMPTY, Optional.of(Source.USER_MANUAL), OPERATOR), new WriteMemory(OTHER, "lesson", "went long EUR/USD", Metadata.EMPTY, Optional.of(Source.USER_MANUAL), OPERATOR)));
        writer.save(new SaveMemory(ME, "plan", "long BTC into the halving", Optional.of("decision"), Optional.empty(),
                Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), OPERATOR));
        writer.save(new SaveMemory(ME, "plan", "long ETH instead", Optional.of("decision"),
                Optional.of("changed my mind"), Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), OPERATOR));
        Memory edited = write(ME, "bought SOL");
        writer.update(ME, edited.id(), new MemoryChange(Optional.of("exited SOL, bought ARB"), Optional.empty()), AGENT_ACTOR);

        assertThat(service.rebuildEdges()).isEqualTo(new EdgeReplay(6, 0));
        assertThat(service.neighborhood(ME, "ARB", Optional.empty(), Optional.empty()).memories())
                .extracting(LinkedMemory::memory).extracting(Memory::id).containsExactly(edited.id());
        assertThat(service.neighborhood(ME, "SOL", Optional.empty(), Optional.empty()).memories())
                .as("the edit replaced the old content's edges").hasSize(2);
    }

    @Test
    void a_replay_adds_the_edges_of_memories_stored_without_them() {
        Memory bare = memories.insert(new NewMemory(ME, Category.LESSON, "bought BTC", Metadata.EMPTY,
                Source.USER_MANUAL), clock.instant());

        assertThat(service.neighborhood(ME, "BTC", Optional.empty(), Optional.empty()).memories()).isEmpty();
        assertThat(service.rebuildEdges()).isEqualTo(new EdgeReplay(1, 1));
        assertThat(service.neighborhood(ME, "BTC", Optional.empty(), Optional.empty()).memories())
                .extracting(LinkedMemory::memory).containsExactly(bare);
    }

    @Test
    void a_replay_keeps_the_scenario_edges_a_write_recorded() {
        Memory m = write(ME, "bought SOL");
        FinanceEntity scenario = FinanceEntity.scenario("dca-weekly");
        edges.addAll(List.of(new ExtractedEdges(ME, m.id(), List.of(new MemoryEdge(EdgeType.BELONGS_TO_SCENARIO,
                scenario)))), clock.instant());

        service.rebuildEdges();

        assertThat(service.neighborhood(ME, "dca-weekly", Optional.of("scenario"), Optional.empty()).memories())
                .extracting(LinkedMemory::memory).containsExactly(m);
    }
}
