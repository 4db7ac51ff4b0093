package dev.strata.domain.session;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** A hand-written {@link SessionStore} fake; sessions are values, so keeping the instance keeps the bytes. */
public final class InMemorySessionStore implements SessionStore {

    private final Map<SessionId, Session> sessions = new ConcurrentHashMap<>();
    private final Map<SessionId, Set<MemoryId>> holding = new ConcurrentHashMap<>();

    @Override
    public void save(Session session, Set<MemoryId> held) {
        if (sessions.putIfAbsent(session.id(), session) != null) {
            throw new ConflictException("session " + session.id() + " already exists");
        }
        holding.put(session.id(), Set.copyOf(held));
    }

    @Override
    public boolean revoke(Tenant tenant, SessionId id) {
        Session s = sessions.get(id);
        if (s == null || !s.tenant().equals(tenant)) {
            return false;
        }
        sessions.remove(id);
        holding.remove(id);
        return true;
    }

    @Override
    public int revokeHolding(Tenant tenant, MemoryId memory) {
        List<SessionId> ids = sessions.values().stream()
                .filter(s -> s.tenant().equals(tenant))
                .map(Session::id)
                .filter(id -> holding.getOrDefault(id, Set.of()).contains(memory))
                .toList();
        ids.forEach(id -> revoke(tenant, id));
        return ids.size();
    }

    @Override
    public Optional<Session> find(Tenant tenant, SessionId id, Instant now) {
        return Optional.ofNullable(sessions.get(id))
                .filter(s -> s.tenant().equals(tenant))
                .filter(s -> !s.isExpiredAt(now));
    }

    @Override
    public int purgeExpired(Instant now) {
        int before = sessions.size();
        sessions.values().removeIf(s -> s.isExpiredAt(now));
        holding.keySet().retainAll(sessions.keySet());
        return before - sessions.size();
    }

    /** Whether the session is held, expired or not (an explanation lives as long as its session). */
    public boolean holds(Tenant tenant, SessionId id) {
        return Optional.ofNullable(sessions.get(id)).filter(s -> s.tenant().equals(tenant)).isPresent();
    }

    /** How many sessions are held, expired ones included (for tests of the purge). */
    public int size() {
        return sessions.size();
    }
}
