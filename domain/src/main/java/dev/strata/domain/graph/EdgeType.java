package dev.strata.domain.graph;

import java.util.Arrays;
import java.util.Optional;

/**
 * The typed relation between a memory and a finance entity. The wire name is what
 * {@code memory_edges.edge_type} stores. {@link #capPriority()} orders edges for the per-content
 * cap, lower surviving first: the system's scenario, then positions (holds, exited, traded), then
 * watched, then mentions, then co-occurrence.
 */
public enum EdgeType {
    /** Opened or kept a position: long, bought, 做多, 买入, 持有. */
    HOLDS("holds", 1),
    /** Left a position: sold, exited, closed, 止损, 平仓, 卖出. */
    EXITED("exited", 1),
    /** Transacted without a clear direction: traded, swapped, shorted, 交易, 兑换, 做空. */
    TRADED("traded", 1),
    /** Following without a position: watching, watchlist, 关注, 观察. Ranked below positions for the cap. */
    WATCHED("watched", 2),
    /** The entity appears without any verb that types it. */
    MENTIONS("mentions", 3),
    /** Two tickers mentioned in the same content; the target is a {@link EntityKind#TICKER_PAIR}. */
    CO_OCCURS_WITH("co_occurs_with", 4),
    /** Set only from system-supplied metadata, never from text: text is attacker-controlled. */
    BELONGS_TO_SCENARIO("belongs_to_scenario", 0);

    private final String wireName;
    private final int capPriority;

    EdgeType(String wireName, int capPriority) {
        this.wireName = wireName;
        this.capPriority = capPriority;
    }

    public String wireName() {
        return wireName;
    }

    int capPriority() {
        return capPriority;
    }

    /** The four types a verb in the text decides. */
    public boolean isVerbDriven() {
        return capPriority == 1 || capPriority == 2;
    }

    public static Optional<EdgeType> fromWireName(String name) {
        return Arrays.stream(values()).filter(t -> t.wireName.equals(name)).findFirst();
    }
}
