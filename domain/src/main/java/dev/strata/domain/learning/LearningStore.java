package dev.strata.domain.learning;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Driven port: the {@code learnings} table of {@code memory_learn}. Every method is scoped to one tenant. */
public interface LearningStore {

    /**
     * Stores a learning, or, when the tenant has one with the same normalised task, counts one more
     * use of it and keeps the newest steps and context (the procedure that worked most recently).
     */
    Recorded record(NewLearning learning, Instant now);

    Optional<Learning> find(Tenant tenant, LearningId id);

    /** Most recently updated first. */
    List<Learning> list(Tenant tenant, int limit);

    /** Learnings sharing words with {@code query} (task, steps, context), best match first; none is an empty list. */
    List<Learning> search(Tenant tenant, String query, int limit);

    record Recorded(Learning learning, boolean inserted) {
    }
}
