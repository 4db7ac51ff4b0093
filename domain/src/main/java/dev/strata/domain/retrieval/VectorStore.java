package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;

import java.util.List;

/**
 * Driven port: chunk vectors of memories, searched by nearest neighbour. Every method is scoped to
 * one tenant; a tenant's search never sees another tenant's vectors. A memory id names one memory of one
 * tenant (ids are unique across tenants), so an implementation may key vectors by memory id alone, as long as
 * a tenant never finds nor removes another tenant's vectors.
 */
public interface VectorStore {

    /** Replaces every vector of one memory with {@code chunks} (chunk i at index i); empty removes them. */
    void replace(Tenant tenant, MemoryId memory, List<Embedding> chunks);

    /** Removes every vector of one memory. */
    void delete(Tenant tenant, MemoryId memory);

    /** The {@code limit} memories nearest to {@code query}, closest first, each by its best chunk. */
    List<VectorMatch> nearest(Tenant tenant, Embedding query, int limit);
}
