package dev.strata.domain.fact;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: the fact layer's rows and their consolidation trail. Every method is scoped to one
 * tenant except {@link #tenantsWithPending()}, which only names tenants. There is deliberately no
 * way to delete a fact: facts are retired, never deleted, so the trail stays inspectable.
 */
public interface FactStore {

    /** Stores a pending fact. */
    Fact insert(NewFact fact, Instant now);

    Optional<Fact> find(Tenant tenant, FactId id);

    /** The tenant's facts, newest first; optionally of one status. */
    List<Fact> list(Tenant tenant, Optional<FactStatus> status, int limit);

    /** Active facts, oldest first: the order the snapshot renders them in. */
    List<Fact> activeOldestFirst(Tenant tenant, int limit);

    /** Pending facts, oldest first (by creation, then id): the order consolidation drains them in. */
    List<Fact> oldestPending(Tenant tenant, int limit);

    /** Tenants that have at least one pending fact. */
    List<Tenant> tenantsWithPending();

    /** The oldest active fact whose normalised key is {@code normalized}. */
    Optional<Fact> findActiveByNormalized(Tenant tenant, String normalized);

    /** Active facts sharing words with {@code text}, most similar first; no match is an empty list. */
    List<Fact> searchActive(Tenant tenant, String text, int limit);

    /**
     * Applies every transition and records the event in one transaction, or changes nothing and
     * returns false when some fact is not (or no longer) in its transition's {@code from} status.
     */
    boolean apply(Tenant tenant, List<FactTransition> transitions, Optional<ConsolidationEvent> event, Instant now);

    /** The decisions about a fact or naming it as their target, oldest first. */
    List<ConsolidationEvent> events(Tenant tenant, FactId fact);

    long count(Tenant tenant, FactStatus status);
}
