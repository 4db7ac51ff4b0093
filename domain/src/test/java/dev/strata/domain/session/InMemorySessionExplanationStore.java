package dev.strata.domain.session;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.snapshot.SnapshotExplanation;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A hand-written {@link SessionExplanationStore}: explanations live as long as their session in the session fake. */
public final class InMemorySessionExplanationStore implements SessionExplanationStore {

    private final InMemorySessionStore sessions;
    private final Map<SessionId, Kept> explanations = new ConcurrentHashMap<>();

    public InMemorySessionExplanationStore(InMemorySessionStore sessions) {
        this.sessions = Objects.requireNonNull(sessions, "sessions");
    }

    private record Kept(Tenant tenant, SnapshotExplanation explanation) {
    }

    @Override
    public void save(Tenant tenant, SessionId session, SnapshotExplanation explanation) {
        if (!sessions.holds(tenant, session)) {
            throw new IllegalStateException("no stored session " + session + " of " + tenant);
        }
        explanations.put(session, new Kept(tenant, explanation));
    }

    @Override
    public Optional<SnapshotExplanation> find(Tenant tenant, SessionId session) {
        return Optional.ofNullable(explanations.get(session))
                .filter(k -> k.tenant().equals(tenant) && sessions.holds(tenant, session))
                .map(Kept::explanation);
    }
}
