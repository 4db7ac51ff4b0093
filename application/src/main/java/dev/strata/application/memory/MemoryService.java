package dev.strata.application.memory;

import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Tenant;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The general memory use cases of spec 01: write, read, update, soft delete, restore within
 * retention, purge and keyword search. Validation that depends on configuration (limits) happens
 * here; invariants that always hold live in the domain records.
 */
public final class MemoryService {

    private static final System.Logger LOG = System.getLogger(MemoryService.class.getName());

    private final MemoryStore store;
    private final AuditLog audit;
    private final Clock clock;
    private final MemoryLimits limits;
    private final Duration retention;
    private final List<MemoryListener> listeners = new CopyOnWriteArrayList<>();

    public MemoryService(MemoryStore store, AuditLog audit, Clock clock, MemoryLimits limits, Duration retention) {
        this.store = Objects.requireNonNull(store);
        this.audit = Objects.requireNonNull(audit);
        this.clock = Objects.requireNonNull(clock);
        this.limits = Objects.requireNonNull(limits);
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("retention must be positive");
        }
        this.retention = retention;
    }

    public void addListener(MemoryListener listener) {
        listeners.add(Objects.requireNonNull(listener));
    }

    public MemoryLimits limits() {
        return limits;
    }

    public Duration retention() {
        return retention;
    }

    public Memory write(WriteMemory command) {
        Memory stored = store.insert(toNew(command, ""), clock.instant());
        publish(stored);
        return stored;
    }

    /** Writes all or none in one transaction. Errors name the offending element, e.g. {@code memories[3].content}. */
    public List<Memory> writeAll(List<WriteMemory> commands) {
        if (commands.isEmpty()) {
            throw new InvalidInputException("memories", "must contain at least one memory");
        }
        if (commands.size() > limits.maxBatchSize()) {
            throw new InvalidInputException("memories", "must contain at most " + limits.maxBatchSize() + " memories");
        }
        List<NewMemory> rows = new ArrayList<>(commands.size());
        for (int i = 0; i < commands.size(); i++) {
            rows.add(toNew(commands.get(i), "memories[" + i + "]."));
        }
        List<Memory> stored = store.insertAll(rows, clock.instant());
        stored.forEach(this::publish);
        return stored;
    }

    public Memory get(Tenant tenant, MemoryId id) {
        return store.find(tenant, id).orElseThrow(() -> new NotFoundException("memory", id.toString()));
    }

    /** spec 01 {@code memory_read}: a category's (or all) active memories, most recently updated first. */
    public List<Memory> list(Tenant tenant, Optional<String> category, Optional<Integer> limit) {
        return store.list(tenant, category.map(Category::resolve), checkLimit(limit, limits.defaultListLimit(),
                limits.maxListLimit()));
    }

    public Memory update(Tenant tenant, MemoryId id, MemoryChange change) {
        change.content().ifPresent(c -> checkContentLength(c, "content"));
        change.metadata().ifPresent(m -> checkMetadata(m, "metadata"));
        Memory updated = store.update(tenant, id, change, clock.instant())
                .orElseThrow(() -> new NotFoundException("memory", id.toString()));
        publish(updated);
        return updated;
    }

    public void delete(Tenant tenant, MemoryId id) {
        Instant now = clock.instant();
        if (!store.softDelete(tenant, id, now)) {
            throw new NotFoundException("memory", id.toString());
        }
        audit.record(new AuditEntry(tenant, "memory.delete", id.toString(), "soft-deleted; restorable for "
                + retention.toDays() + " days", now));
    }

    /** Brings back a soft-deleted memory while its retention lasts; restoring an active memory is a no-op. */
    public Memory restore(Tenant tenant, MemoryId id) {
        Instant now = clock.instant();
        Memory restored = store.restore(tenant, id, now.minus(retention))
                .orElseThrow(() -> new NotFoundException("memory", id.toString()));
        audit.record(new AuditEntry(tenant, "memory.restore", id.toString(), "restored", now));
        return restored;
    }

    /** Physically removes rows whose retention has run out. Called by the scheduled purge job. */
    public int purgeExpired() {
        Instant cutoff = clock.instant().minus(retention);
        int purged = store.purgeDeletedBefore(cutoff);
        if (purged > 0) {
            LOG.log(System.Logger.Level.INFO, "purged {0} memories soft-deleted before {1}", purged, cutoff);
        }
        return purged;
    }

    public List<SearchHit> search(Tenant tenant, String query, Optional<Integer> limit, Optional<String> category) {
        int n = checkLimit(limit, limits.defaultSearchLimit(), limits.maxSearchLimit());
        return store.search(new SearchRequest(tenant, query, n, category.map(Category::resolve)));
    }

    public long count(Tenant tenant) {
        return store.count(tenant);
    }

    /** @param fieldPrefix prepended to field names in errors, so a batch error names its element */
    private NewMemory toNew(WriteMemory c, String fieldPrefix) {
        try {
            Category category = Category.resolve(c.category());
            if (c.content() != null) {
                checkContentLength(c.content(), "content");
            }
            checkMetadata(c.metadata(), "metadata");
            return new NewMemory(c.tenant(), category, c.content(), c.metadata(), c.source());
        } catch (InvalidInputException e) {
            throw fieldPrefix.isEmpty() ? e : new InvalidInputException(fieldPrefix + e.field(), e.reason());
        }
    }

    private void checkContentLength(String content, String field) {
        if (content.strip().length() > limits.maxContentChars()) {
            throw new InvalidInputException(field, "must be at most " + limits.maxContentChars() + " characters");
        }
    }

    private void checkMetadata(Metadata metadata, String field) {
        if (metadata.json().length() > limits.maxMetadataChars()) {
            throw new InvalidInputException(field, "must be at most " + limits.maxMetadataChars()
                    + " characters of JSON");
        }
    }

    private static int checkLimit(Optional<Integer> limit, int def, int max) {
        int n = limit.orElse(def);
        if (n < 1 || n > max) {
            throw new InvalidInputException("limit", "must be between 1 and " + max);
        }
        return n;
    }

    private void publish(Memory memory) {
        MemoryWritten event = new MemoryWritten(memory);
        for (MemoryListener l : listeners) {
            try {
                l.onWritten(event);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "memory listener failed for memory " + memory.id(), e);
            }
        }
    }
}
