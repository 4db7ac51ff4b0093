package dev.strata.application.snapshot;

import dev.strata.domain.fact.Fact;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.profile.UserProfileStore;
import dev.strata.domain.snapshot.MemoryContextBlock;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * spec 01 {@code loadSnapshot()}: the top memories by {@code updated_at} and the user profile,
 * rendered as the fenced {@code <memory-context>} block that a session freezes into its prompt.
 * The general fact layer's active facts, when wired, follow the memories as {@code [fact]} lines.
 */
public final class SnapshotService {

    /** spec 01: 50 memories at about 80 tokens each fits the cacheable block without dominating it. */
    public static final int DEFAULT_MEMORY_LIMIT = 50;

    private final MemoryStore memories;
    private final UserProfileStore profile;
    private final int memoryLimit;
    private final Function<Tenant, List<Fact>> facts;

    public SnapshotService(MemoryStore memories, UserProfileStore profile, int memoryLimit) {
        this(memories, profile, memoryLimit, tenant -> List.of());
    }

    /** @param facts the tenant's active facts in render order (the fact layer gives them oldest first) */
    public SnapshotService(MemoryStore memories, UserProfileStore profile, int memoryLimit,
                           Function<Tenant, List<Fact>> facts) {
        if (memoryLimit < 1) {
            throw new IllegalArgumentException("memoryLimit must be positive");
        }
        this.memories = memories;
        this.profile = profile;
        this.memoryLimit = memoryLimit;
        this.facts = Objects.requireNonNull(facts, "facts");
    }

    public String render(Tenant tenant) {
        return MemoryContextBlock.render(profile.all(tenant), memories.list(tenant, Optional.empty(), memoryLimit),
                facts.apply(tenant));
    }
}
