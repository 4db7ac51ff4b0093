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
 * spec 02's {@code updated_by}: the actor of the last write that changed the row.
 */
public record Memory(MemoryId id, Tenant tenant, Category category, String content, Metadata metadata,
                     Source source, Instant createdAt, Instant updatedAt, Optional<Instant> deletedAt,
                     Optional<MemoryKey> key, Optional<Supersession> supersedes, Optional<Instant> supersededAt,
                     Actor updatedBy) {

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
        content = Content.check(content);
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

    public Memory withDeletedAt(Optional<Instant> at) {
        return new Memory(id, tenant, category, content, metadata, source, createdAt, updatedAt, at, key, supersedes,
                supersededAt, updatedBy);
    }

    /** The same row as last changed by {@code by}. */
    public Memory withUpdatedBy(Actor by) {
        return new Memory(id, tenant, category, content, metadata, source, createdAt, updatedAt, deletedAt, key,
                supersedes, supersededAt, by);
    }

    public Memory withSupersededAt(Instant at) {
        return new Memory(id, tenant, category, content, metadata, source, createdAt, updatedAt, deletedAt, key,
                supersedes, Optional.of(at), updatedBy);
    }
}
