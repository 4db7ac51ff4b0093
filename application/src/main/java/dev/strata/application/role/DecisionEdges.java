package dev.strata.application.role;

import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.role.Asset;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The typed edges of a role-memory entry: the extractor's over the decision text, plus the asset itself
 * (so the asset's neighbourhood reaches the decision even when the text does not spell the ticker). One
 * place, so a recorded entry and a replay ({@code strata edges rebuild}) derive exactly the same edges.
 */
public final class DecisionEdges {

    private final EdgeExtractor extractor;

    public DecisionEdges(EdgeExtractor extractor) {
        this.extractor = Objects.requireNonNull(extractor, "extractor");
    }

    public List<MemoryEdge> of(String decision, Optional<Asset> asset) {
        List<MemoryEdge> out = new ArrayList<>(extractor.extract(decision));
        asset.ifPresent(a -> {
            try {
                FinanceEntity ticker = FinanceEntity.ticker(a.symbol());
                if (out.stream().noneMatch(e -> e.target().equals(ticker)) && out.size() < EdgeExtractor.MAX_EDGES_PER_CONTENT) {
                    out.add(new MemoryEdge(EdgeType.MENTIONS, ticker));
                }
            } catch (IllegalArgumentException notATicker) {
                // BRK.B and the like are valid assets but not ticker-shaped entities: the text's own edges stand.
            }
        });
        return out;
    }
}
