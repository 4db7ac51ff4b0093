package dev.strata.application.role;

import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.InMemoryRoleMemoryStore;
import dev.strata.domain.role.NewRoleMemoryEntry;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleInputs;
import dev.strata.domain.role.RoleMemoryEntry;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class RoleEdgeReplayTest {

    private final RoleTestRig rig = new RoleTestRig();
    private final DecisionEdges derive = new DecisionEdges(new EdgeExtractor(new FinanceEntityExtractor()));

    @Test
    void a_replay_gives_an_entry_stored_without_edges_the_edges_a_recorded_entry_gets_and_a_second_run_adds_none() {
        RoleMemoryEntry recorded = rig.decide("research.thesis", "bought SOL and ETH on base", "ETH");
        // As if written before edges existed: the same decision stored with no edges at all.
        RoleMemoryEntry bare = rig.store.record(new NewRoleMemoryEntry(RoleTestRig.BOB, RoleId.of("research.thesis"),
                RoleInputs.EMPTY, "bought SOL and ETH on base", Optional.of(Asset.of("ETH")), RoleTestRig.T0), List.of());
        RoleEdgeReplay replay = new RoleEdgeReplay(rig.store, derive, rig.clock);

        RoleEdgeReplay.Result first = replay.run();

        List<MemoryEdge> expected = rig.store.edges(RoleTestRig.ALICE, recorded.id());
        assertThat(expected).contains(new MemoryEdge(EdgeType.HOLDS, FinanceEntity.ticker("SOL")));
        assertThat(rig.store.edges(RoleTestRig.BOB, bare.id())).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(first).isEqualTo(new RoleEdgeReplay.Result(2, expected.size()));
        assertThat(replay.run()).isEqualTo(new RoleEdgeReplay.Result(2, 0));
    }

    @Test
    void the_asset_is_an_edge_even_when_the_decision_does_not_spell_it() {
        assertThat(derive.of("target 120 within a week", Optional.of(Asset.of("BTC"))))
                .containsExactly(new MemoryEdge(EdgeType.MENTIONS, FinanceEntity.ticker("BTC")));
        assertThat(derive.of("target 120 within a week", Optional.empty())).isEmpty();
    }

    @Test
    void a_replay_pages_through_more_entries_than_one_page_holds() {
        InMemoryRoleMemoryStore store = new InMemoryRoleMemoryStore();
        int n = RoleEdgeReplay.PAGE + 3;
        IntStream.range(0, n).forEach(i -> store.record(new NewRoleMemoryEntry(RoleTestRig.ALICE,
                RoleId.of("research.thesis"), RoleInputs.EMPTY, "note " + i, Optional.of(Asset.of("BTC")),
                RoleTestRig.T0), List.of()));

        assertThat(new RoleEdgeReplay(store, derive, rig.clock).run()).isEqualTo(new RoleEdgeReplay.Result(n, n));
    }
}
