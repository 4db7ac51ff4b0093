package dev.strata.domain.session;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.snapshot.SnapshotExplanation;

import java.util.Optional;

/**
 * Driven port: the explanation of each frozen session's memory-context block, frozen with it. The
 * state it was built from may change the moment the session starts, so it cannot be rebuilt later;
 * it lives as long as its session.
 */
public interface SessionExplanationStore {

    /** Stores the explanation of a stored session's block. */
    void save(Tenant tenant, SessionId session, SnapshotExplanation explanation);

    /** The tenant's session's explanation; empty for another tenant's session or one started before explanations. */
    Optional<SnapshotExplanation> find(Tenant tenant, SessionId session);
}
