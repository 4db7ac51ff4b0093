package dev.strata.domain.graph;

import java.util.Objects;

/**
 * One typed edge from a memory (the source, which the store knows) to a finance entity.
 *
 * <p>What the store must persist, per the spec's {@code memory_edges} table: one row per edge with
 * {@code src_table} ({@code memories} or {@code role_memory}), {@code src_id}, {@code dst_entity_kind}
 * = {@code target().kind().wireName()}, {@code dst_entity_key} = {@code target().key()},
 * {@code edge_type} = {@code type().wireName()}, {@code weight}, {@code created_at};
 * {@code UNIQUE(src_table, src_id, dst_entity_kind, dst_entity_key, edge_type)} so that re-running
 * the extractor inserts nothing new ({@code INSERT OR IGNORE}); edges written in the same
 * transaction as the memory row; and {@code AFTER DELETE} triggers on both source tables that
 * delete the row's edges, so neighbourhood and top-entity queries never return phantom memories.
 * A {@code co_occurs_with} edge targets a {@code ticker_pair} key such as {@code BTC|ETH}; an
 * entity neighbourhood for {@code BTC} should therefore also match pair keys containing it
 * (see {@link FinanceEntity#members()}).
 */
public record MemoryEdge(EdgeType type, FinanceEntity target, double weight) {

    public static final double DEFAULT_WEIGHT = 1.0;

    public MemoryEdge {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(target, "target");
        if (!Double.isFinite(weight) || weight <= 0) {
            throw new IllegalArgumentException("edge weight must be positive and finite: " + weight);
        }
        boolean scenarioTarget = target.kind() == EntityKind.SCENARIO;
        if (scenarioTarget != (type == EdgeType.BELONGS_TO_SCENARIO)) {
            throw new IllegalArgumentException("belongs_to_scenario edges, and only they, target a scenario: "
                    + type.wireName() + " -> " + target);
        }
        boolean pairTarget = target.kind() == EntityKind.TICKER_PAIR;
        if (pairTarget != (type == EdgeType.CO_OCCURS_WITH)) {
            throw new IllegalArgumentException("co_occurs_with edges, and only they, target a ticker pair: "
                    + type.wireName() + " -> " + target);
        }
    }

    public MemoryEdge(EdgeType type, FinanceEntity target) {
        this(type, target, DEFAULT_WEIGHT);
    }
}
