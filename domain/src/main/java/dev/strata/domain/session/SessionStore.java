package dev.strata.domain.session;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * Driven port: frozen sessions. A store gives back exactly what was saved (block texts byte for
 * byte), scoped to the tenant, and never a session that has expired.
 */
public interface SessionStore {

    /** Stores a new session whose prompt holds no memory; its id is fresh (random), so a store may refuse a duplicate. */
    default void save(Session session) {
        save(session, Set.of());
    }

    /**
     * Stores a new session and which memories its prompt holds, so that {@link #revokeHolding} finds it.
     * Its id is fresh (random), so a store may refuse a duplicate.
     */
    void save(Session session, Set<MemoryId> holding);

    /** Ends the tenant's session now (its prompt is gone); false when the tenant has no such session. */
    boolean revoke(Tenant tenant, SessionId id);

    /** Ends every session of the tenant whose prompt holds {@code memory}; returns how many. */
    int revokeHolding(Tenant tenant, MemoryId memory);

    /** The tenant's session with that id, unless it has expired by {@code now}. */
    Optional<Session> find(Tenant tenant, SessionId id, Instant now);

    /** Removes every session (of every tenant) expired by {@code now}; returns how many. */
    int purgeExpired(Instant now);
}
