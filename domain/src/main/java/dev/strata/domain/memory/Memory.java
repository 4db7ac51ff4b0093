package dev.strata.domain.memory;

import dev.strata.domain.safety.InjectionFlags;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One stored memory: spec 01's categorised row and spec 02's keyed, versioned entry are the same
 * record. {@code deletedAt} is the soft-delete cursor (a deleted memory stays recoverable until
 * retention runs out, but no read path shows it); {@code supersededAt} marks an entry replaced by a
 * newer one of the same key, which stays readable and searchable as history. {@code updatedBy} is
 * spec 02's {@code updated_by}: the actor of the last write that changed the row. {@code occurredAt}
 * is the event time: when the thing the memory tells of happened, as its writer said (or a session
 * date in its metadata said); {@code createdAt} when Strata learned it. Without a stated event
 * time the two are equal.
 */
public record Memory(MemoryId id, Tenant tenant, Category category, String content, Metadata metadata,
                     Source source, Instant createdAt, Instant updatedAt, Optional<Instant> deletedAt,
                     Optional<MemoryKey> key, Optional<Supersession> supersedes, Optional<Instant> supersededAt,
                     Actor updatedBy, Instant occurredAt) {

    public Memory {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(deletedAt, "deletedAt");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(supersedes, "supersedes");
        Objects.requireNonNull(supersededAt, "supersededAt");
        Objects.requireNonNull(updatedBy, "updatedBy");
        Objects.requireNonNull(occurredAt, "occurredAt");
        content = Content.check(content);
    }

    /** A memory whose event time is when it was written (no event time stated). */
    public Memory(MemoryId id, Tenant tenant, Category category, String content, Metadata metadata, Source source,
                  Instant createdAt, Instant updatedAt, Optional<Instant> deletedAt, Optional<MemoryKey> key,
                  Optional<Supersession> supersedes, Optional<Instant> supersededAt, Actor updatedBy) {
        this(id, tenant, category, content, metadata, source, createdAt, updatedAt, deletedAt, key, supersedes,
                supersededAt, updatedBy, createdAt);
    }

    /** A memory whose writer is not known (rows written before actors were recorded, fixtures). */
    public Memory(MemoryId id, Tenant tenant, Category category, String content, Metadata metadata, Source source,
                  Instant createdAt, Instant updatedAt, Optional<Instant> deletedAt, Optional<MemoryKey> key,
                  Optional<Supersession> supersedes, Optional<Instant> supersededAt) {
        this(id, tenant, category, content, metadata, source, createdAt, updatedAt, deletedAt, key, supersedes,
                supersededAt, Actor.UNKNOWN);
    }

    /** An unkeyed memory (spec 01's shape). */
    public Memory(MemoryId id, Tenant tenant, Category category, String content, Metadata metadata, Source source,
                  Instant createdAt, Instant updatedAt, Optional<Instant> deletedAt) {
        this(id, tenant, category, content, metadata, source, createdAt, updatedAt, deletedAt, Optional.empty(),
                Optional.empty(), Optional.empty(), Actor.UNKNOWN);
    }

    /**
     * The prompt-injection rules the content trips (ids such as {@code ignore_instructions}),
     * derived from the content so the flags always match the text they describe.
     */
    public List<String> injectionFlags() {
        return InjectionFlags.of(content);
    }

    /** Flagged content is stored and shown quoted, but must never be embedded. */
    public boolean isFlagged() {
        return !injectionFlags().isEmpty();
    }

    public boolean isDeleted() {
        return deletedAt.isPresent();
    }

    public boolean isSuperseded() {
        return supersededAt.isPresent();
    }

    /** spec 02's {@code is_active}: neither deleted nor superseded. */
    public boolean isActive() {
        return !isDeleted() && !isSuperseded();
    }

    /**
     * This memory as it stood at {@code at}, by the supersede chain and soft deletes: empty when it
     * was not yet written or was already superseded or deleted by then; otherwise the memory with a
     * supersession or deletion that came later taken back (so {@link #isActive()} answers for
     * {@code at}). What the row does not keep cannot be taken back: content edited in place after
     * {@code at} ({@link #editedAfter}) shows as it is now, and a deletion since restored is not
     * known at all.
     */
    public Optional<Memory> asOf(Instant at) {
        return seenAt(at).filter(Memory::isActive);
    }

    /**
     * This memory as a search at {@code at} would have seen it: empty when it was not yet written or
     * was already deleted by then; superseded (history) when it was superseded by then; a supersession
     * or deletion that came later taken back. Same limits as {@link #asOf}.
     */
    public Optional<Memory> seenAt(Instant at) {
        if (createdAt.isAfter(at) || deletedAt.filter(t -> !t.isAfter(at)).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(new Memory(id, tenant, category, content, metadata, source, createdAt, updatedAt,
                Optional.empty(), key, supersedes, supersededAt.filter(t -> !t.isAfter(at)), updatedBy, occurredAt));
    }

    /** True when the row was edited in place after {@code at}: its content or metadata then may have differed. */
    public boolean editedAfter(Instant at) {
        return updatedAt.isAfter(at);
    }

    public Memory withDeletedAt(Optional<Instant> at) {
        return new Memory(id, tenant, category, content, metadata, source, createdAt, updatedAt, at, key, supersedes,
                supersededAt, updatedBy, occurredAt);
    }

    /** The same row as last changed by {@code by}. */
    public Memory withUpdatedBy(Actor by) {
        return new Memory(id, tenant, category, content, metadata, source, createdAt, updatedAt, deletedAt, key,
                supersedes, supersededAt, by, occurredAt);
    }

    public Memory withSupersededAt(Instant at) {
        return new Memory(id, tenant, category, content, metadata, source, createdAt, updatedAt, deletedAt, key,
                supersedes, Optional.of(at), updatedBy, occurredAt);
    }
}
