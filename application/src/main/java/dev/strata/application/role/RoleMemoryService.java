package dev.strata.application.role;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.Evidence;
import dev.strata.domain.role.NewRoleMemoryEntry;
import dev.strata.domain.role.Outcome;
import dev.strata.domain.role.OutcomeProbeSpec;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryId;
import dev.strata.domain.role.RoleMemoryStore;
import dev.strata.domain.role.RoleRegistry;
import dev.strata.domain.role.SkillId;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The role-memory use cases (spec 05): record a decision, read an entry, record a person's outcome
 * (the {@code manual} probe), add post-hoc evidence, recall a role's lessons or search its entries,
 * and list the lessons of the roles some skills own (the session's lessons block).
 *
 * <p>Only declared roles are served: a role removed from the definitions takes no new decisions,
 * and its stored rows are neither shown nor reflected (they stay in the table for audit).
 */
public final class RoleMemoryService {

    private static final System.Logger LOG = System.getLogger(RoleMemoryService.class.getName());

    public static final int MAX_LIMIT = 100;
    public static final int DEFAULT_LIMIT = 10;

    private final RoleRegistry registry;
    private final RoleMemoryStore store;
    private final DecisionEdges edges;
    private final RoleRecall recall;
    private final AuditTrail audit;
    private final Clock clock;
    private final List<RoleMemoryListener> listeners = new CopyOnWriteArrayList<>();

    public RoleMemoryService(RoleRegistry registry, RoleMemoryStore store, EdgeExtractor edges, RoleRecall recall,
                             AuditLog audit, Clock clock) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.store = Objects.requireNonNull(store, "store");
        this.edges = new DecisionEdges(edges);
        this.recall = Objects.requireNonNull(recall, "recall");
        this.audit = new AuditTrail(audit);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public void addListener(RoleMemoryListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Every declared role, ordered by id. */
    public List<RoleDefinition> roles() {
        return registry.all();
    }

    /** The declared role, or {@link NotFoundException}; a malformed id is {@link InvalidInputException}. */
    public RoleDefinition role(String id) {
        return registry.require(RoleId.of(id));
    }

    /**
     * Stores a pending entry with its typed edges (from the decision text, plus the asset itself, so
     * the asset's neighbourhood reaches the decision even when the text does not spell the ticker)
     * and tells the listeners. Audited as {@code role.record} by {@code actor}; the detail names the role
     * and the asset, never the decision text (it is the caller's free text).
     */
    public RoleMemoryEntry record(RecordDecision command, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        RoleDefinition role = role(command.role());
        Optional<Asset> asset = command.asset().map(Asset::of);
        if (asset.isEmpty() && role.policy().outcomeProbe() instanceof OutcomeProbeSpec.PriceDelta delta) {
            throw new InvalidInputException("asset", "role " + role.id() + " measures its outcome as a price change: "
                    + "give the asset (or inputs." + delta.assetField() + ")");
        }
        NewRoleMemoryEntry entry = new NewRoleMemoryEntry(command.tenant(), role.id(), command.inputs(), command.decision(),
                asset, clock.instant());
        RoleMemoryEntry stored = store.record(entry, edgesOf(entry));
        audit.record(new AuditEntry(stored.tenant(), "role.record", "role_memory:" + stored.id(), "decision recorded for role "
                + role.id() + asset.map(a -> " on " + a.symbol()).orElse(""), actor, entry.createdAt()));
        for (RoleMemoryListener listener : listeners) {
            try {
                listener.recorded(stored);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "a role-memory listener failed on entry " + stored.id(), e);
            }
        }
        return stored;
    }

    private List<MemoryEdge> edgesOf(NewRoleMemoryEntry entry) {
        return edges.of(entry.decision(), entry.asset());
    }

    /** An entry of a declared role; entries of removed roles are not surfaced. */
    public RoleMemoryEntry get(Tenant tenant, RoleMemoryId id) {
        return store.find(tenant, id).filter(e -> registry.contains(e.role()))
                .orElseThrow(() -> new NotFoundException("role-memory entry", id.toString()));
    }

    /**
     * A person records the outcome of a {@code manual} role's decision. Refused for roles whose outcome
     * a probe measures, and for entries no longer pending (a reflection is never rewritten).
     */
    public RoleMemoryEntry recordOutcome(Tenant tenant, RoleMemoryId id, String summary, Optional<BigDecimal> changePercent,
                                         Actor actor) {
        RoleMemoryEntry entry = get(tenant, id);
        RoleDefinition role = registry.require(entry.role());
        if (!(role.policy().outcomeProbe() instanceof OutcomeProbeSpec.Manual)) {
            throw new InvalidInputException("outcome", "role " + role.id() + " measures its outcome with the "
                    + role.policy().outcomeProbe().kind() + " probe; only manual roles take a recorded outcome");
        }
        Instant now = clock.instant();
        Outcome outcome = new Outcome(summary, changePercent, "manual", now);
        if (!store.recordOutcome(tenant, id, outcome, now)) {
            throw notPending(tenant, id);
        }
        audit.record(new AuditEntry(tenant, "role.outcome", "role_memory:" + id, "manual outcome recorded for role "
                + role.id(), actor, now));
        return get(tenant, id);
    }

    /** Adds a news or on-chain snapshot (or a note) to a pending entry, for its reflection. */
    public RoleMemoryEntry addEvidence(Tenant tenant, RoleMemoryId id, String kind, String source, String text,
                                       Actor actor) {
        Objects.requireNonNull(actor, "actor");
        RoleMemoryEntry entry = get(tenant, id);
        Instant now = clock.instant();
        Evidence evidence = new Evidence(kind, source, text, now);
        if (!store.addEvidence(tenant, id, evidence, now)) {
            throw notPending(tenant, id);
        }
        audit.record(new AuditEntry(tenant, "role.evidence", "role_memory:" + id, evidence.kind() + " evidence added for role "
                + entry.role(), actor, now));
        return get(tenant, id);
    }

    private ConflictException notPending(Tenant tenant, RoleMemoryId id) {
        RoleMemoryEntry now = get(tenant, id);
        return new ConflictException("role-memory entry " + id + " is " + now.status().wireName()
                + "; only a pending entry takes an outcome or evidence", Map.of("id", id.value(),
                "status", now.status().wireName()));
    }

    /** {@code recall <role>}: its recent lessons, or with a query its matching entries. */
    public Recall recall(Tenant tenant, String roleId, Optional<String> query, int limit) {
        RoleDefinition role = role(roleId);
        int n = checkLimit(limit);
        Optional<String> q = query.map(String::strip).filter(s -> !s.isEmpty());
        if (q.isPresent()) {
            if (q.get().length() > 1_000) {
                throw new InvalidInputException("query", "must be at most 1000 characters");
            }
            RoleRecall.Result found = recall.search(tenant, role.id(), q.get(), n);
            return new Recall(role, q, List.of(), found.hits(), Optional.of(found.mode()));
        }
        List<RoleLesson> lessons = store.recentLessons(tenant, List.of(role.id()), n).stream()
                .map(e -> RoleLesson.of(e, role.skill())).toList();
        return new Recall(role, Optional.empty(), lessons, List.of(), Optional.empty());
    }

    /**
     * The recent lessons of every role the given skills own, newest first (for a session's lessons
     * block). Unknown skills simply own no roles.
     */
    public List<RoleLesson> lessonsForSkills(Tenant tenant, Collection<SkillId> skills, int limit) {
        int n = checkLimit(limit);
        List<RoleDefinition> owned = registry.ownedBy(skills);
        if (owned.isEmpty()) {
            return List.of();
        }
        Map<RoleId, SkillId> skillOf = new java.util.HashMap<>();
        owned.forEach(r -> skillOf.put(r.id(), r.skill()));
        return store.recentLessons(tenant, skillOf.keySet(), n).stream()
                .map(e -> RoleLesson.of(e, skillOf.get(e.role()))).toList();
    }

    /** Reflected entries about an asset, newest reflection first, of declared roles (a compiled page's Timeline). */
    public List<RoleMemoryEntry> timeline(Tenant tenant, String asset, int limit) {
        return store.reflectedForAsset(tenant, Asset.of(asset), registry.ids(), checkLimit(limit));
    }

    /** How many of the tenant's entries have been pending since before {@code cutoff} (the doctor's backlog). */
    public long pendingBacklog(Tenant tenant, Instant cutoff) {
        return store.countPendingCreatedBefore(tenant, cutoff);
    }

    static int checkLimit(int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidInputException("limit", "must be within 1-" + MAX_LIMIT);
        }
        return limit;
    }
}
