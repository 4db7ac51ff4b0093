package dev.strata.domain.role;

import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Driven port: the {@code role_memory} rows. Every method but {@link #tenantsWithPending} (which a
 * background trigger uses to find whose entries to reflect) is scoped to one tenant.
 *
 * <p>Transitions are conditional, so concurrent writers cannot undo each other: outcome, evidence
 * and notes change only a {@code pending} entry, and {@link #reflect} and {@link #skip} move an
 * entry out of {@code pending} exactly once. A stored reflection is never rewritten.
 */
public interface RoleMemoryStore {

    /** Stores a pending entry and its typed edges ({@code src_table = role_memory}) in one transaction. */
    RoleMemoryEntry record(NewRoleMemoryEntry entry, List<MemoryEdge> edges);

    Optional<RoleMemoryEntry> find(Tenant tenant, RoleMemoryId id);

    /** Pending entries of a role (of one asset, when given), oldest first. */
    List<RoleMemoryEntry> pending(Tenant tenant, RoleId role, Optional<Asset> asset, int limit);

    /** The roles with pending entries about {@code asset}. */
    Set<RoleId> rolesPendingOn(Tenant tenant, Asset asset);

    /** Every tenant with a pending entry of {@code role}, in name order. */
    List<Tenant> tenantsWithPending(RoleId role);

    /** Sets the outcome of a pending entry; false when it is not pending (or not there). */
    boolean recordOutcome(Tenant tenant, RoleMemoryId id, Outcome outcome, Instant at);

    /** Appends evidence to a pending entry; false when it is not pending (or not there). */
    boolean addEvidence(Tenant tenant, RoleMemoryId id, Evidence evidence, Instant at);

    /** Records why a pending entry is still pending; false when it is not pending (or not there). */
    boolean note(Tenant tenant, RoleMemoryId id, String reason, Instant at);

    /** Moves a pending entry to {@code skipped} with the reason; false when it was not pending. */
    boolean skip(Tenant tenant, RoleMemoryId id, String reason, Instant at);

    /** Stores the reflection of a pending entry and marks it reflected; false (and no change) otherwise. */
    boolean reflect(Tenant tenant, RoleMemoryId id, Reflection reflection);

    /** Reflected entries with a lesson, of the given roles, newest {@code reflected_at} first. */
    List<RoleMemoryEntry> recentLessons(Tenant tenant, Collection<RoleId> roles, int limit);

    /** Entries of a role matching a natural-language query on their text (keyword, BM25), best first. */
    List<RoleMemoryEntry> search(Tenant tenant, RoleId role, String query, int limit);

    /** Reflected entries about {@code asset} of the given roles, newest {@code reflected_at} first (a compiled page's Timeline). */
    List<RoleMemoryEntry> reflectedForAsset(Tenant tenant, Asset asset, Collection<RoleId> roles, int limit);

    /** How many of the tenant's entries are pending and were created before {@code cutoff} (the doctor's backlog). */
    long countPendingCreatedBefore(Tenant tenant, Instant cutoff);

    /** The typed edges stored for an entry, in the order they were written. */
    List<MemoryEdge> edges(Tenant tenant, RoleMemoryId id);

    /** Stores the embedding of an entry's text made by {@code model}, replacing an older one. */
    void saveEmbedding(Tenant tenant, RoleMemoryId id, String model, Embedding embedding);

    /** The embeddings by {@code model} of a role's entries, newest entries first, at most {@code limit}. */
    List<EmbeddedEntry> embeddings(Tenant tenant, RoleId role, String model, int limit);

    /** Entries of every tenant with no embedding by {@code model}, after {@code afterId}, lowest id first (catch-up). */
    List<RoleMemoryEntry> withoutEmbedding(String model, long afterId, int limit);

    /**
     * Entries of every tenant after {@code afterId}, lowest id first, whatever their status or role (a
     * removed role's rows included): what a replay of the edge extractor reads.
     */
    List<RoleMemoryEntry> after(long afterId, int limit);

    /** The tenant's reflected entries after {@code afterId}, lowest id first, every role (the export's trade cases). */
    List<RoleMemoryEntry> reflected(Tenant tenant, long afterId, int limit);

    /**
     * Adds typed edges to stored entries ({@code src_table = role_memory}), skipping those already
     * stored, in one transaction; returns how many were new. Edges naming an entry that does not exist,
     * or exists in another tenant, are ignored.
     */
    int addEdges(List<EntryEdges> edges, Instant now);

    /** The edges of one entry, to be stored for it in its tenant. */
    record EntryEdges(Tenant tenant, RoleMemoryId entry, List<MemoryEdge> edges) {
        public EntryEdges {
            java.util.Objects.requireNonNull(tenant, "tenant");
            java.util.Objects.requireNonNull(entry, "entry");
            edges = List.copyOf(edges);
        }
    }

    /** An entry id and its stored vector. */
    record EmbeddedEntry(RoleMemoryId id, Embedding embedding) {
    }
}
