package dev.strata.domain.memory;

import dev.strata.domain.graph.EntityCount;
import dev.strata.domain.graph.EntityKind;
import dev.strata.domain.graph.FinanceEntity;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: the typed edges between memories and finance entities (spec 01, "Typed memory
 * edges"). The {@link dev.strata.domain.memory.MemoryStore} writes a memory's edges together with
 * the memory itself (one transaction) and replaces them when the content changes; this port reads
 * them and lets a replay of the extractor add what is missing.
 *
 * <p>Reads are scoped to one tenant and see only active memories: an edge of a soft-deleted or
 * superseded memory stays stored (a restore brings it back) but never surfaces, and a purged memory
 * loses its edges altogether.
 */
public interface MemoryEdgeStore {

    /**
     * The active memories of the tenant linked to {@code entity}, most recently updated first, each
     * with the edges that link it. A ticker is also reached through the {@code co_occurs_with} edges
     * whose ticker pair contains it ({@code BTC} finds {@code BTC|ETH}).
     */
    List<LinkedMemory> neighborhood(Tenant tenant, FinanceEntity entity, int limit);

    /**
     * The entities most of the tenant's active memories link to, optionally of one kind: most linked
     * memories first, then most edges, then kind and key. A ticker counts its own edges only, not the
     * pairs it is part of (those are entities of their own).
     */
    List<EntityCount> topEntities(Tenant tenant, Optional<EntityKind> kind, int limit);

    /**
     * Stored memories of every tenant after {@code afterId}, lowest id first, deleted and superseded
     * ones included (a restore must find its edges): what a replay of the extractor reads.
     */
    List<EdgeSource> sources(long afterId, int limit);

    /**
     * Adds edges, skipping those already stored, in one transaction; returns how many were new.
     * Edges naming a memory that does not exist, or exists in another tenant, are ignored.
     */
    int addAll(List<ExtractedEdges> edges, Instant now);
}
