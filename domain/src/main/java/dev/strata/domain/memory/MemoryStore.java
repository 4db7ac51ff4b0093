package dev.strata.domain.memory;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: where memories live. Every method is scoped to one tenant (except the purge, which
 * is a maintenance sweep over expired rows), and no read path returns soft-deleted rows.
 */
public interface MemoryStore {

    Memory insert(NewMemory memory, Instant now);

    /** Inserts all or none, in one transaction, returning the stored rows in input order. */
    List<Memory> insertAll(List<NewMemory> memories, Instant now);

    /** An active (not deleted) memory. */
    Optional<Memory> find(Tenant tenant, MemoryId id);

    /** Active memories, most recently updated first; optionally of one category. */
    List<Memory> list(Tenant tenant, Optional<Category> category, int limit);

    /** Applies the change to an active memory and bumps {@code updated_at}; empty when there is none. */
    Optional<Memory> update(Tenant tenant, MemoryId id, MemoryChange change, Instant now);

    /** Marks an active memory deleted; false when there is no such active memory. */
    boolean softDelete(Tenant tenant, MemoryId id, Instant now);

    /**
     * Clears the deletion mark of a memory deleted at or after {@code deletedSince}; an active memory
     * is returned unchanged. Empty when the memory does not exist or its retention has run out.
     */
    Optional<Memory> restore(Tenant tenant, MemoryId id, Instant deletedSince);

    /** Physically removes memories (of every tenant) soft-deleted before the cutoff; returns how many. */
    int purgeDeletedBefore(Instant cutoff);

    /** Keyword search (BM25) over active memories. */
    List<SearchHit> search(SearchRequest request);

    /** How many active memories the tenant has. */
    long count(Tenant tenant);
}
