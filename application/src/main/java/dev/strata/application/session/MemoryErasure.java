package dev.strata.application.session;

import dev.strata.application.memory.MemoryService;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/**
 * Deleting a memory so that it also leaves every prompt. A frozen session keeps its prompt as it was
 * (spec 01: writes, deletes included, show up in the next session), so by default a delete leaves the
 * live sessions that hold the memory alone: an agent correcting itself should not lose its cached
 * prompt. With {@code revokeSessions} the delete is an erasure: every live session of the tenant whose
 * prompt holds the memory is revoked as well, and its prompt is gone (404) from then on.
 */
public final class MemoryErasure {

    private final MemoryService memories;
    private final SessionService sessions;

    public MemoryErasure(MemoryService memories, SessionService sessions) {
        this.memories = Objects.requireNonNull(memories, "memories");
        this.sessions = Objects.requireNonNull(sessions, "sessions");
    }

    /** What a delete did: the memory it soft-deleted and how many sessions it revoked. */
    public record Erased(MemoryId memory, int revokedSessions) {

        public Erased {
            Objects.requireNonNull(memory, "memory");
        }
    }

    public Erased delete(Tenant tenant, MemoryId id, boolean revokeSessions, Actor actor) {
        memories.delete(tenant, id, actor);
        return new Erased(id, revokeSessions ? sessions.revokeHolding(tenant, id) : 0);
    }

    /** Deletes the active entry of a key (spec 02 {@code memory_delete}). */
    public Erased deleteByKey(Tenant tenant, String key, boolean revokeSessions, Actor actor) {
        Memory deleted = memories.deleteByKey(tenant, key, actor);
        return new Erased(deleted.id(), revokeSessions ? sessions.revokeHolding(tenant, deleted.id()) : 0);
    }
}
