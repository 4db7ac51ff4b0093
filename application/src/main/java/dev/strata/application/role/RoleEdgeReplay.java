package dev.strata.application.role;

import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryStore;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * spec 01's doctor "edges" action for the second source table: replays the edge derivation over every
 * stored {@code role_memory} row of every tenant (whatever its status or role) and adds the edges that
 * are missing. Idempotent (the UNIQUE key skips what is stored) and it never deletes a row.
 */
public final class RoleEdgeReplay {

    /** Entries per replay transaction: small enough that writers queue only briefly behind it. */
    static final int PAGE = 500;

    /** What a replay did: how many entries it read and how many edges were new. */
    public record Result(long entries, long added) {
        public Result {
            if (entries < 0 || added < 0) {
                throw new IllegalArgumentException("counts are never negative: " + entries + ", " + added);
            }
        }
    }

    private final RoleMemoryStore store;
    private final DecisionEdges edges;
    private final Clock clock;

    public RoleEdgeReplay(RoleMemoryStore store, DecisionEdges edges, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.edges = Objects.requireNonNull(edges, "edges");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public Result run() {
        long read = 0;
        long added = 0;
        long after = 0;
        List<RoleMemoryEntry> page;
        do {
            page = store.after(after, PAGE);
            if (page.isEmpty()) {
                break;
            }
            List<RoleMemoryStore.EntryEdges> batch = page.stream().map(e -> new RoleMemoryStore.EntryEdges(e.tenant(),
                    e.id(), edges.of(e.decision(), e.asset()))).toList();
            added += store.addEdges(batch, clock.instant());
            read += page.size();
            after = page.getLast().id().value();
        } while (page.size() == PAGE);
        return new Result(read, added);
    }
}
