package dev.strata.domain.memory;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: where memories live. Every method is scoped to one tenant (except the purge, which
 * is a maintenance sweep over expired rows, and {@link #tenantsWithActive}, which only names tenants). No read path returns soft-deleted rows; superseded
 * entries are history: readable by id, by key history and in search, but not active.
 */
public interface MemoryStore {

    /** Inserts an unkeyed memory. Keyed memories go through {@link #save}. */
    Memory insert(NewMemory memory, Instant now);

    /** Inserts unkeyed memories all or none, in one transaction, returning the stored rows in input order. */
    List<Memory> insertAll(List<NewMemory> memories, Instant now);

    /**
     * spec 02's save flow, atomically: no active entry for the key inserts; an active entry and a
     * reason supersede it (the old entry becomes inactive, the new one links to it); an active
     * entry without a reason is rejected, showing the current entry.
     *
     * @param memory a memory with a key
     */
    SaveOutcome save(NewMemory memory, Optional<String> supersedeReason, Instant now);

    /** A memory that is not deleted (active or superseded). */
    Optional<Memory> find(Tenant tenant, MemoryId id);

    /**
     * The memories among {@code ids} that are not deleted, in any order (the vector arm loads its
     * neighbours in one call). Ids of other tenants or of missing rows are left out.
     */
    default List<Memory> findAll(Tenant tenant, List<MemoryId> ids) {
        return ids.stream().map(id -> find(tenant, id)).flatMap(Optional::stream).toList();
    }

    /** The active entry of a key. */
    Optional<Memory> findActive(Tenant tenant, MemoryKey key);

    /** Every entry a key has had that is not purged, deleted and superseded ones included, newest first. */
    List<Memory> history(Tenant tenant, MemoryKey key, int limit);

    /** Active memories, most recently updated first. */
    List<Memory> list(Tenant tenant, CategoryFilter filter, int limit);

    default List<Memory> list(Tenant tenant, Optional<Category> category, int limit) {
        return list(tenant, category.map(CategoryFilter::only).orElse(CategoryFilter.ALL), limit);
    }

    /** How many active memories pass the filter. */
    long countActive(Tenant tenant, CategoryFilter filter);

    /**
     * The memories that were active at {@code at} (see {@link Memory#asOf}), newest written first,
     * each as it stood then. Rows purged since are gone and a deletion since restored is not known.
     */
    List<Memory> listAsOf(Tenant tenant, CategoryFilter filter, Instant at, int limit);

    /**
     * The tenants that have at least one active memory passing the filter, ordered by name: the one
     * read across tenants besides the purge, for background jobs that visit every tenant in turn.
     */
    List<Tenant> tenantsWithActive(CategoryFilter filter);

    /**
     * Applies the change to an active memory, bumps {@code updated_at} and records {@code by} as its
     * {@code updated_by}; empty when there is none.
     */
    Optional<Memory> update(Tenant tenant, MemoryId id, MemoryChange change, Actor by, Instant now);

    /** {@link #update} by an actor nobody named (store tests). */
    default Optional<Memory> update(Tenant tenant, MemoryId id, MemoryChange change, Instant now) {
        return update(tenant, id, change, Actor.UNKNOWN, now);
    }

    /** Marks a memory that is not deleted as deleted, by {@code by}; false when there is no such memory. */
    boolean softDelete(Tenant tenant, MemoryId id, Actor by, Instant now);

    /** {@link #softDelete} by an actor nobody named (store tests). */
    default boolean softDelete(Tenant tenant, MemoryId id, Instant now) {
        return softDelete(tenant, id, Actor.UNKNOWN, now);
    }

    /**
     * Clears the deletion mark of a memory deleted at or after {@code deletedSince}; a memory that is
     * not deleted is returned unchanged. Empty when the memory does not exist or its retention has run
     * out. Throws {@link dev.strata.domain.error.ConflictException} when its key has meanwhile got
     * another active entry.
     */
    Optional<Memory> restore(Tenant tenant, MemoryId id, Instant deletedSince, Actor by);

    /** {@link #restore} by an actor nobody named (store tests). */
    default Optional<Memory> restore(Tenant tenant, MemoryId id, Instant deletedSince) {
        return restore(tenant, id, deletedSince, Actor.UNKNOWN);
    }

    /** Physically removes memories (of every tenant) soft-deleted before the cutoff; returns which. */
    List<PurgedMemory> purgeDeleted(Instant cutoff);

    /** {@link #purgeDeleted}, counting. */
    default int purgeDeletedBefore(Instant cutoff) {
        return purgeDeleted(cutoff).size();
    }

    /** Keyword search (BM25) over memories that are not deleted; superseded ones come back inactive. */
    List<SearchHit> search(SearchRequest request);

    /** How many active memories the tenant has. */
    default long count(Tenant tenant) {
        return countActive(tenant, CategoryFilter.ALL);
    }
}
