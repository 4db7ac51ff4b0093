package dev.strata.application.memory;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.graph.SystemMetadata;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.CategoryFilter;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.MemoryType;
import dev.strata.domain.memory.EventTime;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.PurgedMemory;
import dev.strata.domain.memory.SaveOutcome;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Supersession;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.memory.TimeScope;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The general memory use cases of spec 01: write, read, update, soft delete, restore within
 * retention, purge and keyword search. Validation that depends on configuration (limits) happens
 * here; invariants that always hold live in the domain records. Every write carries the typed edges
 * its content implies ({@link #edgesOf}), which the store writes with the row.
 *
 * <p>Every write names its actor, which becomes the row's {@code updated_by} (spec 02) and the actor
 * of its audit entry; a new row's provenance is the one its {@link dev.strata.application.provenance.WriteOrigin}
 * may claim. The audit entries follow the committed change (see {@link AuditTrail}).
 */
public final class MemoryService {

    private static final System.Logger LOG = System.getLogger(MemoryService.class.getName());

    private final MemoryStore store;
    private final AuditTrail audit;
    private final Clock clock;
    private final MemoryLimits limits;
    private final Duration retention;
    private final List<MemoryListener> listeners = new CopyOnWriteArrayList<>();
    private final KeyLocks keyLocks = new KeyLocks(64);
    private final MemorySearch pipeline;
    private final CredentialScrubber secrets;
    private final EdgeExtractor edges;

    /** A bound on one key's history in a response; older entries stay in the table. */
    static final int MAX_HISTORY = 1_000;
    /** The purge job's actor. */
    public static final Actor PURGE = Actor.system("purge");
    /** Ids named in one purge entry; the rest are counted. */
    static final int PURGE_IDS_LISTED = 50;

    public MemoryService(MemoryStore store, AuditLog audit, Clock clock, MemoryLimits limits, Duration retention) {
        this(store, audit, clock, limits, retention, request -> SearchResults.keywordOnly(store.search(request)));
    }

    /** @param pipeline the search pipeline (hybrid when embeddings are on); keyword-only without it */
    public MemoryService(MemoryStore store, AuditLog audit, Clock clock, MemoryLimits limits, Duration retention,
                         MemorySearch pipeline) {
        this(store, audit, clock, limits, retention, pipeline, new EdgeExtractor(new FinanceEntityExtractor()));
    }

    /**
     * @param edges derives each write's typed edges; the replay ({@code strata edges rebuild}) must use
     *              an equal extractor so that it finds nothing a write left out
     */
    public MemoryService(MemoryStore store, AuditLog audit, Clock clock, MemoryLimits limits, Duration retention,
                         MemorySearch pipeline, EdgeExtractor edges) {
        this(store, audit, clock, limits, retention, pipeline, edges, new CredentialScrubber());
    }

    /**
     * @param scrubber the vault's scrubber: content, supersede reasons and metadata are stored with every
     *                 registered secret replaced, so the keyword index, the vectors, the edges and every
     *                 output built from the row never hold one (a key or category holding a secret is refused)
     */
    public MemoryService(MemoryStore store, AuditLog audit, Clock clock, MemoryLimits limits, Duration retention,
                         MemorySearch pipeline, EdgeExtractor edges, CredentialScrubber scrubber) {
        this.secrets = Objects.requireNonNull(scrubber);
        this.edges = Objects.requireNonNull(edges);
        this.pipeline = Objects.requireNonNull(pipeline);
        this.store = Objects.requireNonNull(store);
        this.audit = new AuditTrail(Objects.requireNonNull(audit));
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

    /**
     * spec 02's save flow for keyed memories: a first entry is inserted; with a supersede reason the
     * active entry is replaced (it stays as history); without one the save is refused with a
     * {@link ConflictException} that shows the current entry. Saves to one key are serialised.
     */
    public Saved save(SaveMemory command) {
        MemoryKey key = MemoryKey.of(refuseSecret(command.key(), "key"));
        // Any category may carry a key; memory_save narrows its input to spec 02's six types first.
        Optional<Category> requested = command.type().map(t -> Category.resolve(refuseSecret(t, "type")));
        Optional<String> reason = command.supersedeReason().map(Supersession::checkReason)
                .map(r -> secrets.redactFor(command.tenant(), r));
        if (command.content() != null) {
            checkContentLength(command.content(), "content");
        }
        checkMetadata(command.metadata(), "metadata");
        Actor actor = command.origin().actor();
        NewMemory unlinked = new NewMemory(command.tenant(), requested.orElse(MemoryType.DEFAULT),
                redact(command.tenant(), command.content()), redact(command.tenant(), command.metadata()),
                command.origin().resolve(command.source()), Optional.of(key), List.of(), actor,
                eventTime(command.occurredAt(), command.metadata()));
        NewMemory typeless = unlinked.withEdges(edgesOf(unlinked.content()));
        SaveOutcome outcome = keyLocks.withLock(command.tenant(), key, () -> {
            // spec 02: "the system never auto-changes types": a save that names no type keeps the current one.
            NewMemory memory = requested.isPresent() ? typeless : store.findActive(command.tenant(), key)
                    .map(current -> withCategory(typeless, current.category())).orElse(typeless);
            return store.save(memory, reason, clock.instant());
        });
        Category type = outcomeMemory(outcome).category();
        Optional<Category> suggestion = MemoryType.suggestion(type, typeless.content());
        suggestion.ifPresent(s -> LOG.log(System.Logger.Level.INFO, "memory {0} saved as {1} reads like {2}", key,
                type, s));
        return switch (outcome) {
            case SaveOutcome.Inserted inserted -> {
                audit.record(new AuditEntry(command.tenant(), "memory.save", subject(inserted.memory()), "key " + key
                        + " inserted as " + type + ", source " + inserted.memory().source().wireName(), actor,
                        inserted.memory().createdAt()));
                publish(inserted.memory());
                yield new Saved(inserted.memory(), Optional.empty(), suggestion);
            }
            case SaveOutcome.Superseded superseded -> {
                Instant at = superseded.memory().createdAt();
                audit.recordAll(List.of(
                        new AuditEntry(command.tenant(), "memory.supersede", subject(superseded.previous()),
                                "key " + key + " superseded by " + subject(superseded.memory()) + ": "
                                        + reason.orElseThrow(), actor, at),
                        new AuditEntry(command.tenant(), "memory.save", subject(superseded.memory()), "key " + key
                                + " saved as " + type + ", source " + superseded.memory().source().wireName()
                                + ", superseding " + subject(superseded.previous()), actor, at)));
                publish(superseded.memory());
                yield new Saved(superseded.memory(), Optional.of(superseded.previous()), suggestion);
            }
            case SaveOutcome.Rejected rejected -> throw new ConflictException("key '" + key + "' already has an "
                    + "active entry (id " + rejected.current().id() + "): \"" + rejected.current().content()
                    + "\"; give a supersede_reason to replace it", Map.of("key", key.value(),
                    "current_id", rejected.current().id().value(), "current_content", rejected.current().content(),
                    "current_type", rejected.current().category().value()));
        };
    }

    /** spec 02 {@code memory_delete}: soft-deletes the active entry of a key. */
    public Memory deleteByKey(Tenant tenant, String key, Actor actor) {
        MemoryKey k = MemoryKey.of(key);
        return keyLocks.withLock(tenant, k, () -> {
            Memory active = store.findActive(tenant, k).orElseThrow(() -> new NotFoundException("memory key", key));
            delete(tenant, active.id(), actor);
            return active;
        });
    }

    /** The whole chain of a key, newest first (deleted and superseded entries included). */
    public List<Memory> history(Tenant tenant, String key) {
        List<Memory> chain = store.history(tenant, MemoryKey.of(key), MAX_HISTORY);
        if (chain.isEmpty()) {
            throw new NotFoundException("memory key", key);
        }
        return chain;
    }

    /** spec 02 {@code memory_list}: active entries, optionally of one type, most recently updated first. */
    public List<Memory> listByType(Tenant tenant, Optional<String> type, Optional<Integer> limit) {
        int n = checkLimit(limit, limits.maxListLimit(), limits.maxListLimit());
        return type.isPresent()
                ? store.list(tenant, CategoryFilter.only(MemoryType.resolve(type)), n)
                : store.list(tenant, CategoryFilter.ALL, n);
    }

    public Memory write(WriteMemory command) {
        Memory stored = store.insert(toNew(command, ""), clock.instant());
        audit.record(written(stored, ""));
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
        String batch = " (batch of " + stored.size() + ")";
        audit.recordAll(stored.stream().map(m -> written(m, batch)).toList());
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

    /**
     * The memories that were active at {@code asOf}, newest written first, each as it stood then (see
     * {@link Memory#asOf}: content edited in place since shows as it is now, which
     * {@link Memory#editedAfter} tells; purged rows and deletions since restored are not known).
     */
    public List<Memory> listAsOf(Tenant tenant, Optional<String> category, Optional<Integer> limit, Instant asOf) {
        return store.listAsOf(tenant, category.map(Category::resolve).map(CategoryFilter::only)
                .orElse(CategoryFilter.ALL), asOf, checkLimit(limit, limits.defaultListLimit(), limits.maxListLimit()));
    }

    /** What was believed under a key at {@code asOf}: the entry of its chain active then, if any. */
    public Optional<Memory> historyAsOf(Tenant tenant, String key, Instant asOf) {
        return history(tenant, key).stream().flatMap(m -> m.asOf(asOf).stream()).findFirst();
    }

    /**
     * Edits an active memory in place. A keyed memory's content is not silently overwritten (spec
     * 02): it changes only through a save with a supersede reason, so the history stays honest.
     */
    public Memory update(Tenant tenant, MemoryId id, MemoryChange change, Actor actor) {
        change.content().ifPresent(c -> checkContentLength(c, "content"));
        if (change.content().isPresent()) {
            store.find(tenant, id).filter(m -> m.key().isPresent()).ifPresent(m -> {
                throw new ConflictException("memory " + id + " has key '" + m.key().get() + "': change its content by "
                        + "saving the key with a supersede_reason", Map.of("key", m.key().get().value()));
            });
        }
        change.metadata().ifPresent(m -> checkMetadata(m, "metadata"));
        MemoryChange redacted = new MemoryChange(change.content().map(c -> redact(tenant, c)),
                change.metadata().map(m -> redact(tenant, m)), change.occurredAt());
        MemoryChange withEdges = redacted.content().map(c -> redacted.withEdges(edgesOf(c))).orElse(redacted);
        Memory updated = store.update(tenant, id, withEdges, actor, clock.instant())
                .orElseThrow(() -> new NotFoundException("memory", id.toString()));
        audit.record(new AuditEntry(tenant, "memory.update", subject(updated), changed(change), actor,
                updated.updatedAt()));
        publish(updated);
        return updated;
    }

    public void delete(Tenant tenant, MemoryId id, Actor actor) {
        Instant now = clock.instant();
        if (!store.softDelete(tenant, id, actor, now)) {
            throw new NotFoundException("memory", id.toString());
        }
        audit.record(new AuditEntry(tenant, "memory.delete", "memory:" + id, "soft-deleted; restorable for "
                + retention.toDays() + " days", actor, now));
    }

    /** Brings back a soft-deleted memory while its retention lasts; restoring an active memory is a no-op. */
    public Memory restore(Tenant tenant, MemoryId id, Actor actor) {
        Instant now = clock.instant();
        Memory restored = store.restore(tenant, id, now.minus(retention), actor)
                .orElseThrow(() -> new NotFoundException("memory", id.toString()));
        audit.record(new AuditEntry(tenant, "memory.restore", "memory:" + id, "restored", actor, now));
        return restored;
    }

    /**
     * Physically removes rows whose retention has run out. Called by the scheduled purge job; one audit
     * entry per tenant names the rows it removed.
     */
    public int purgeExpired() {
        Instant now = clock.instant();
        Instant cutoff = now.minus(retention);
        List<PurgedMemory> purged = store.purgeDeleted(cutoff);
        if (!purged.isEmpty()) {
            LOG.log(System.Logger.Level.INFO, "purged {0} memories soft-deleted before {1}", purged.size(), cutoff);
        }
        Map<Tenant, List<MemoryId>> byTenant = new LinkedHashMap<>();
        purged.forEach(p -> byTenant.computeIfAbsent(p.tenant(), t -> new ArrayList<>()).add(p.id()));
        audit.recordAll(byTenant.entrySet().stream().map(e -> new AuditEntry(e.getKey(), "memory.purge", "memories",
                purgeDetail(e.getValue(), cutoff), PURGE, now)).toList());
        return purged.size();
    }

    private static String purgeDetail(List<MemoryId> ids, Instant cutoff) {
        StringBuilder detail = new StringBuilder().append(ids.size()).append(ids.size() == 1 ? " memory" : " memories")
                .append(" soft-deleted before ").append(cutoff).append(" removed for good: ");
        detail.append(String.join(", ", ids.stream().limit(PURGE_IDS_LISTED).map(id -> "memory:" + id).toList()));
        if (ids.size() > PURGE_IDS_LISTED) {
            detail.append(" and ").append(ids.size() - PURGE_IDS_LISTED).append(" more");
        }
        return detail.toString();
    }

    public List<SearchHit> search(Tenant tenant, String query, Optional<Integer> limit, Optional<String> category) {
        return searchRanked(tenant, query, limit, category).searchHits();
    }

    /** Search through the configured pipeline, saying which one answered and which arm(s) found each hit. */
    public SearchResults searchRanked(Tenant tenant, String query, Optional<Integer> limit, Optional<String> category) {
        return searchRanked(tenant, query, limit, category, TimeScope.NONE, Optional.empty());
    }

    /**
     * Search scoped in time: {@code scope} filters by event time and answers as of an instant;
     * {@code reference} is when the query's own time words ("last May") are read from (default now).
     */
    public SearchResults searchRanked(Tenant tenant, String query, Optional<Integer> limit, Optional<String> category,
                                      TimeScope scope, Optional<Instant> reference) {
        int n = checkLimit(limit, limits.defaultSearchLimit(), limits.maxSearchLimit());
        return pipeline.search(new SearchRequest(tenant, query, n, category.map(Category::resolve), scope, reference));
    }

    public long count(Tenant tenant) {
        return store.count(tenant);
    }

    /** The tenants holding active memories of these categories, for jobs that visit every tenant (by name). */
    public List<Tenant> tenantsWithActive(CategoryFilter filter) {
        return store.tenantsWithActive(filter);
    }

    /** @param fieldPrefix prepended to field names in errors, so a batch error names its element */
    private NewMemory toNew(WriteMemory c, String fieldPrefix) {
        try {
            Category category = Category.resolve(refuseSecret(c.category(), "category"));
            if (c.content() != null) {
                checkContentLength(c.content(), "content");
            }
            checkMetadata(c.metadata(), "metadata");
            NewMemory memory = new NewMemory(c.tenant(), category, redact(c.tenant(), c.content()),
                    redact(c.tenant(), c.metadata()), c.origin().resolve(c.source()), Optional.empty(), List.of(),
                    c.origin().actor(), eventTime(c.occurredAt(), c.metadata()));
            return memory.withEdges(edgesOf(memory.content()));
        } catch (InvalidInputException e) {
            throw fieldPrefix.isEmpty() ? e : new InvalidInputException(fieldPrefix + e.field(), e.reason());
        }
    }

    /** What an update changed, for its audit entry: "content and metadata changed", "event time changed". */
    private static String changed(MemoryChange change) {
        List<String> parts = new ArrayList<>();
        change.content().ifPresent(c -> parts.add("content"));
        change.metadata().ifPresent(m -> parts.add("metadata"));
        change.occurredAt().ifPresent(t -> parts.add("event time"));
        return String.join(" and ", parts) + " changed";
    }

    /**
     * The event time of a write: the one it states, else one its metadata states (a chat importer's
     * session date), else none (the store records the write time).
     */
    private static Optional<Instant> eventTime(Optional<Instant> stated, Metadata metadata) {
        return stated.or(() -> EventTime.fromMetadata(metadata));
    }

    private static AuditEntry written(Memory m, String suffix) {
        return new AuditEntry(m.tenant(), "memory.write", subject(m), m.category() + ", source "
                + m.source().wireName() + suffix, m.updatedBy(), m.createdAt());
    }

    private static String subject(Memory m) {
        return "memory:" + m.id();
    }

    private static NewMemory withCategory(NewMemory m, Category category) {
        return new NewMemory(m.tenant(), category, m.content(), m.metadata(), m.source(), m.key(), m.edges(),
                m.updatedBy(), m.occurredAt());
    }

    private static Memory outcomeMemory(SaveOutcome outcome) {
        return switch (outcome) {
            case SaveOutcome.Inserted inserted -> inserted.memory();
            case SaveOutcome.Superseded superseded -> superseded.memory();
            case SaveOutcome.Rejected rejected -> rejected.current();
        };
    }

    /** Text as it is stored: every registered secret replaced (null stays null for the record to refuse). */
    private String redact(Tenant tenant, String text) {
        return text == null ? null : secrets.redactFor(tenant, text);
    }

    private Metadata redact(Tenant tenant, Metadata metadata) {
        if (metadata == null || !secrets.containsSecret(metadata.json())) {
            return metadata;
        }
        // The label holds no character JSON escapes, so a secret inside a JSON string stays a valid string.
        return new Metadata(secrets.redactFor(tenant, metadata.json()));
    }

    /**
     * Identifiers (keys, categories) cannot be redacted without changing what they name, and they are
     * indexed for search: one holding a secret is refused.
     */
    private String refuseSecret(String identifier, String field) {
        if (identifier != null && secrets.containsSecret(identifier)) {
            throw new InvalidInputException(field, "must not contain a vault secret");
        }
        return identifier;
    }

    /**
     * The edges a memory's content implies. No write carries system metadata: the {@code metadata}
     * of every write path is caller-supplied (the agent tools forward the model's arguments), so
     * reading a {@code scenario_id} from it would let text attach a memory to a scenario. The replay
     * derives edges the same way, so it adds nothing to what the writes stored.
     */
    private List<MemoryEdge> edgesOf(String content) {
        return edges.extract(content, SystemMetadata.none());
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
