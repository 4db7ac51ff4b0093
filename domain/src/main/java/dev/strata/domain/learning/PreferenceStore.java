package dev.strata.domain.learning;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: {@code learned_preferences}. There is no way to store a preference in any state but
 * {@code proposed}, and the only way to {@code active} is {@link #transition} with
 * {@link PreferenceAction#APPROVE}, which the explicit approve use case alone calls.
 */
public interface PreferenceStore {

    /**
     * Stores a proposed preference, or merges it into the tenant's row with the same dimension, kind
     * and normalised content (raising its evidence by {@code merge}; its state never changes).
     */
    Proposed propose(NewPreference preference, EvidenceMerge merge, Instant now);

    Optional<LearnedPreference> find(Tenant tenant, PreferenceId id);

    /** Newest first. */
    List<LearnedPreference> list(Tenant tenant, PreferenceFilter filter, int limit);

    /**
     * Applies the action when the row is in the action's {@code from} state; empty when there is no
     * such preference. A row in another state fails with a {@link dev.strata.domain.error.ConflictException}.
     */
    Optional<LearnedPreference> transition(Tenant tenant, PreferenceId id, PreferenceAction action, Instant now);

    /** Records (or clears) the promoted memory of a preference; empty when there is none. */
    Optional<LearnedPreference> linkMemory(Tenant tenant, PreferenceId id, Optional<MemoryId> memory, Instant now);

    /**
     * The stored (or merged) row, whether it was new, and the evidence it had before (0 when new), so
     * a caller can tell a merge that raised the evidence from a recount that changed nothing.
     */
    record Proposed(LearnedPreference preference, boolean inserted, long previousEvidence) {

        public boolean changed() {
            return inserted || preference.evidence() != previousEvidence;
        }
    }
}
