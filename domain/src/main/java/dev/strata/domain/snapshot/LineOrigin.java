package dev.strata.domain.snapshot;

import dev.strata.domain.fact.Fact;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.profile.ProfileEntry;

import java.util.Objects;
import java.util.Optional;

/**
 * What produced a line of the memory-context block: a memory (its id, category, source and key), a
 * fact of the general fact layer (its id and source) or a user-profile entry (its key).
 */
public record LineOrigin(Optional<Long> memoryId, Optional<Long> factId, Optional<String> category,
                         Optional<String> source, Optional<String> key) {

    public LineOrigin {
        Objects.requireNonNull(memoryId, "memoryId");
        Objects.requireNonNull(factId, "factId");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(key, "key");
        if (memoryId.isPresent() && factId.isPresent()) {
            throw new IllegalArgumentException("a line comes from a memory or a fact, not both");
        }
    }

    public static LineOrigin of(Memory m) {
        return new LineOrigin(Optional.of(m.id().value()), Optional.empty(), Optional.of(m.category().value()),
                Optional.of(m.source().wireName()), m.key().map(MemoryKey::value));
    }

    public static LineOrigin of(Fact f) {
        return new LineOrigin(Optional.empty(), Optional.of(f.id().value()), Optional.of("fact"),
                Optional.of(f.source().wireName()), Optional.empty());
    }

    public static LineOrigin of(ProfileEntry e) {
        return new LineOrigin(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(e.key()));
    }
}
