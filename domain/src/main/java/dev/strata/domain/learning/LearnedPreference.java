package dev.strata.domain.learning;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A behavioural preference the loop learned. {@code evidence} counts the consistent observations
 * behind it; {@code memory} is the {@code learned_preference} memory it was promoted to while active.
 */
public record LearnedPreference(PreferenceId id, Tenant tenant, PreferenceDimension dimension, String content,
                                PreferenceKind kind, PreferenceState state, long evidence, PreferenceSource source,
                                Optional<MemoryId> memory, Instant createdAt, Instant updatedAt) {

    public LearnedPreference {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(dimension, "dimension");
        content = NewPreference.checkContent(content);
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(state, "state");
        if (evidence < 1) {
            throw new IllegalArgumentException("evidence must be at least 1: " + evidence);
        }
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    public boolean hardConstraint() {
        return kind == PreferenceKind.HARD_CONSTRAINT;
    }

    public String normalizedContent() {
        return LearningText.normalise(content);
    }

    /** The preference after {@code action}; a conflict naming the state when the action does not apply to it. */
    public LearnedPreference after(PreferenceAction action, Instant now) {
        if (state != action.from()) {
            throw new ConflictException("preference " + id + " is " + state.wireName() + "; " + action.wireName()
                    + " applies only to a " + action.from().wireName() + " preference",
                    Map.of("state", state.wireName(), "action", action.wireName()));
        }
        return new LearnedPreference(id, tenant, dimension, content, kind, action.to(), evidence, source, memory,
                createdAt, now);
    }

    public LearnedPreference withMemory(Optional<MemoryId> newMemory, Instant now) {
        return new LearnedPreference(id, tenant, dimension, content, kind, state, evidence, source, newMemory,
                createdAt, now);
    }

    public LearnedPreference withEvidence(long newEvidence, Instant now) {
        return new LearnedPreference(id, tenant, dimension, content, kind, state, newEvidence, source, memory,
                createdAt, now);
    }

    /** The promoted memory's text: a hard constraint is marked so in the prompt. */
    public String memoryContent() {
        return hardConstraint() ? "[hard_constraint] " + content : content;
    }
}
