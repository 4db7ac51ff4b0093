package dev.strata.application.learning;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.learning.Learning;
import dev.strata.domain.learning.LearningId;
import dev.strata.domain.learning.LearningStore;
import dev.strata.domain.learning.NewLearning;
import dev.strata.domain.memory.Tenant;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code memory_learn}: procedures that worked, kept in {@code learnings} rather than memories. They
 * are listed and searched on demand and never injected into a session by default.
 */
public final class LearningsService {

    public static final int MAX_QUERY_CHARS = 500;

    private final LearningStore store;
    private final LearningLoopSettings settings;
    private final Clock clock;

    public LearningsService(LearningStore store, LearningLoopSettings settings, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Records a learning; the same task (normalised) again counts one more use and keeps the newest steps. */
    public LearningStore.Recorded learn(Tenant tenant, String task, String steps, Optional<String> context) {
        return store.record(new NewLearning(tenant, task, steps, context.orElse("")), clock.instant());
    }

    public Learning get(Tenant tenant, LearningId id) {
        return store.find(tenant, id).orElseThrow(() -> new NotFoundException("learning", id.toString()));
    }

    public List<Learning> list(Tenant tenant, Optional<Integer> limit) {
        return store.list(tenant, Limits.of(limit, settings));
    }

    public List<Learning> search(Tenant tenant, String query, Optional<Integer> limit) {
        if (query == null || query.isBlank()) {
            throw new InvalidInputException("query", "is required");
        }
        if (query.length() > MAX_QUERY_CHARS) {
            throw new InvalidInputException("query", "must be at most " + MAX_QUERY_CHARS + " characters");
        }
        return store.search(tenant, query, Limits.of(limit, settings));
    }
}
