package dev.strata.domain.session;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Optional;

/**
 * Driven port: frozen sessions. A store gives back exactly what was saved (block texts byte for
 * byte), scoped to the tenant, and never a session that has expired.
 */
public interface SessionStore {

    /** Stores a new session; its id is fresh (random), so a store may refuse a duplicate. */
    void save(Session session);

    /** The tenant's session with that id, unless it has expired by {@code now}. */
    Optional<Session> find(Tenant tenant, SessionId id, Instant now);

    /** Removes every session (of every tenant) expired by {@code now}; returns how many. */
    int purgeExpired(Instant now);
}
