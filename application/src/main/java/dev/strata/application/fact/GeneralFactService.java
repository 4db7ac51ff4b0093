package dev.strata.application.fact;

import dev.strata.application.audit.AuditTrail;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.error.BudgetExceededException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.fact.ConsolidationDecision;
import dev.strata.domain.fact.ConsolidationEvent;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactId;
import dev.strata.domain.fact.FactStatus;
import dev.strata.domain.fact.FactStore;
import dev.strata.domain.fact.FactTransition;
import dev.strata.domain.fact.NewFact;
import dev.strata.domain.fact.RowRef;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.StructuredOutputException;
import dev.strata.domain.retrieval.BackgroundWrites;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The general fact layer of spec 01. {@link #recordFact} stores a pending fact and announces it
 * ({@link FactRecorded}) without waiting for anything; {@link #consolidatePending} settles pending
 * facts later, in the background:
 * <ol>
 *   <li>pending facts are drained oldest first, and each settles before the next is looked at;</li>
 *   <li>a fact whose normalised text ({@link dev.strata.domain.fact.FactNormalizer}) equals an active
 *       fact's is retired as a restatement of it, so the older statement always survives;</li>
 *   <li>any other fact goes to the {@link FactConsolidator} when LLM consolidation is on, and is
 *       simply activated when it is off.</li>
 * </ol>
 * When the model cannot answer (over budget, unavailable, invalid output) the run stops and the
 * fact and every later one stay pending, so the order is kept for the next run.
 *
 * <p>Recording is audited with the recording actor ({@code fact.record}); every settled decision is
 * audited as {@code fact.decision} by {@link #CONSOLIDATION}, beside the consolidation events that
 * hold its details.
 *
 * <p>A sweep is background work: each fact is settled in its own {@link BackgroundWrites#slice slice} (its
 * transitions, its event and its audit entry together, the model never called inside one), so a sweep of
 * thousands of pending facts takes the write lock in short turns that request writers go before, instead
 * of back-to-back transactions that win the lock against them.
 */
public final class GeneralFactService {

    private static final System.Logger LOG = System.getLogger(GeneralFactService.class.getName());
    /** Pending facts read per store round trip while draining. */
    static final int DRAIN_PAGE = 256;
    public static final int DEFAULT_LIST_LIMIT = 50;
    public static final int MAX_LIST_LIMIT = 500;
    /** The actor of consolidation decisions, whoever triggered the run. */
    public static final Actor CONSOLIDATION = Actor.system("consolidation");

    private final FactStore facts;
    private final FactConsolidator consolidator;
    private final Clock clock;
    private final int maxContentChars;
    private final AuditTrail audit;
    private final List<FactListener> listeners = new CopyOnWriteArrayList<>();
    /** Consolidation runs one at a time: two runs could otherwise settle the same restatements twice. */
    private final ReentrantLock consolidation = new ReentrantLock();
    private final CredentialScrubber scrubber;
    private final BackgroundWrites writes;

    public GeneralFactService(FactStore facts, FactConsolidator consolidator, Clock clock, int maxContentChars,
                              AuditLog audit) {
        this(facts, consolidator, clock, maxContentChars, new CredentialScrubber(), audit);
    }

    /** Settling without slices of its own: for stores that have no transactions (in-memory fakes). */
    public GeneralFactService(FactStore facts, FactConsolidator consolidator, Clock clock, int maxContentChars,
                              CredentialScrubber scrubber, AuditLog audit) {
        this(facts, consolidator, clock, maxContentChars, scrubber, audit, BackgroundWrites.DIRECT);
    }

    /**
     * @param scrubber the vault's scrubber: a fact is stored with every registered secret replaced, so
     *                 neither its content nor its dedup key ({@code normalized}) nor its search index
     *                 entry carries one
     * @param audit    where recordings and decisions are recorded, with who made them
     * @param writes   runs each settled fact's writes as one short transaction that gives way to requests
     */
    public GeneralFactService(FactStore facts, FactConsolidator consolidator, Clock clock, int maxContentChars,
                              CredentialScrubber scrubber, AuditLog audit, BackgroundWrites writes) {
        this.writes = Objects.requireNonNull(writes, "writes");
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.audit = new AuditTrail(audit);
        this.facts = Objects.requireNonNull(facts, "facts");
        this.consolidator = Objects.requireNonNull(consolidator, "consolidator");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (maxContentChars < 1) {
            throw new IllegalArgumentException("maxContentChars must be positive");
        }
        this.maxContentChars = maxContentChars;
    }

    public void addListener(FactListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Whether pending facts go through the model (consolidation enabled and a model configured). */
    public boolean llmConsolidationActive() {
        return consolidator.isActive();
    }

    /**
     * spec 01 {@code memory_write({category:"fact"})}: stores a pending fact and returns at once. Its
     * source is the claimed one if the origin may claim it for a fact (agent-side sources only),
     * {@code agent_recorded} without a claim; a refused claim is an error naming {@code source}.
     */
    public Fact recordFact(Tenant tenant, String content, Optional<Source> source, WriteOrigin origin) {
        Source resolved = origin.resolveFact(source);
        if (content == null || content.isBlank()) {
            throw new InvalidInputException("content", "must not be blank");
        }
        if (content.strip().length() > maxContentChars) {
            throw new InvalidInputException("content", "must be at most " + maxContentChars + " characters");
        }
        // Redacted before anything is derived from it: the normalised dedup key and the index follow.
        String redacted = scrubber.redactFor(tenant, content);
        Fact stored = facts.insert(new NewFact(tenant, redacted, resolved), clock.instant());
        audit.record(new AuditEntry(tenant, "fact.record", "fact:" + stored.id(), "recorded pending, source "
                + resolved.wireName(), origin.actor(), stored.createdAt()));
        FactRecorded event = new FactRecorded(stored);
        for (FactListener listener : listeners) {
            try {
                listener.onRecorded(event);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "fact listener failed for fact " + stored.id(), e);
            }
        }
        return stored;
    }

    public Fact get(Tenant tenant, FactId id) {
        return facts.find(tenant, id).orElseThrow(() -> new NotFoundException("fact", id.toString()));
    }

    /** The tenant's facts, newest first, optionally of one status ({@code pending|active|retired}). */
    public List<Fact> list(Tenant tenant, Optional<String> status, Optional<Integer> limit) {
        int n = limit.orElse(DEFAULT_LIST_LIMIT);
        if (n < 1 || n > MAX_LIST_LIMIT) {
            throw new InvalidInputException("limit", "must be between 1 and " + MAX_LIST_LIMIT);
        }
        return facts.list(tenant, status.map(FactStatus::parse), n);
    }

    /** The consolidation trail of a fact: decisions about it and decisions naming it. */
    public List<ConsolidationEvent> events(Tenant tenant, FactId id) {
        get(tenant, id);
        return facts.events(tenant, id);
    }

    /** Active facts, oldest first, for the snapshot. */
    public List<Fact> activeFacts(Tenant tenant, int limit) {
        return facts.activeOldestFirst(tenant, limit);
    }

    /** How many active and retired facts an as-of question reads at most, each. */
    static final int AS_OF_SCAN = 5_000;

    /**
     * The facts that were active at {@code at}, oldest first, for a snapshot as of that instant. A
     * fact active now counts from when it was activated (its settling time). A fact retired since
     * counts when its trail shows a newer fact superseded it (so it was active before), from when it
     * was recorded: the instant it was activated is overwritten by its retirement, and consolidation
     * usually follows a recording within seconds (longer while the model is down). A fact retired as
     * a restatement was never active. Pending facts never reach a snapshot.
     */
    public List<Fact> activeAsOf(Tenant tenant, Instant at, int limit) {
        List<Fact> shown = new ArrayList<>();
        for (Fact f : facts.list(tenant, Optional.of(FactStatus.ACTIVE), AS_OF_SCAN)) {
            if (f.settledAt().filter(t -> !t.isAfter(at)).isPresent()) {
                shown.add(f);
            }
        }
        for (Fact f : facts.list(tenant, Optional.of(FactStatus.RETIRED), AS_OF_SCAN)) {
            boolean retiredLater = f.settledAt().filter(t -> t.isAfter(at)).isPresent();
            if (retiredLater && !f.createdAt().isAfter(at) && wasSuperseded(tenant, f)) {
                shown.add(f);
            }
        }
        return shown.stream().sorted(java.util.Comparator.comparing(Fact::createdAt)
                .thenComparing(f -> f.id().value())).limit(limit).toList();
    }

    private boolean wasSuperseded(Tenant tenant, Fact f) {
        return facts.events(tenant, f.id()).stream().anyMatch(e -> e.outcome() == ConsolidationEvent.Outcome.APPLIED
                && e.decision() == ConsolidationDecision.Kind.SUPERSEDE
                && e.target().filter(t -> t.equals(RowRef.fact(f.id()))).isPresent());
    }

    /** Consolidates every tenant that has pending facts (the periodic catch-up after a failed run). */
    public List<ConsolidationReport> consolidateAll() {
        List<ConsolidationReport> reports = new ArrayList<>();
        for (Tenant tenant : facts.tenantsWithPending()) {
            reports.add(consolidatePending(tenant));
        }
        return reports;
    }

    /** Drains the tenant's pending facts oldest first; see the class comment. Idempotent. */
    public ConsolidationReport consolidatePending(Tenant tenant) {
        consolidation.lock();
        try {
            return drain(tenant);
        } finally {
            consolidation.unlock();
        }
    }

    private ConsolidationReport drain(Tenant tenant) {
        Tally tally = new Tally();
        Set<FactId> seen = new HashSet<>();
        Optional<String> stoppedBy = Optional.empty();
        boolean progressed = true;
        while (stoppedBy.isEmpty() && progressed) {
            progressed = false;
            for (Fact fact : facts.oldestPending(tenant, DRAIN_PAGE)) {
                if (!seen.add(fact.id())) {
                    continue;
                }
                progressed = true;
                try {
                    settle(fact, tally);
                } catch (BudgetExceededException | UnavailableException | StructuredOutputException e) {
                    stoppedBy = Optional.of(e.getMessage());
                    LOG.log(System.Logger.Level.WARNING, "consolidation of tenant {0} stopped at fact {1}; it stays "
                            + "pending: {2}", tenant, fact.id(), e.getMessage());
                    break;
                }
            }
        }
        return new ConsolidationReport(tenant, tally.activated, tally.duplicates, tally.superseded, tally.refused,
                facts.count(tenant, FactStatus.PENDING), stoppedBy);
    }

    /**
     * Settles one fact. The deterministic paths (exact match, activation without a model) read and write in one
     * slice, so the match cannot change between the look and the write; the model's path calls the model outside
     * any slice, and the consolidator writes its decision in one.
     */
    private void settle(Fact fact, Tally tally) {
        boolean withModel = consolidator.isActive();
        // With a model, most facts have no exact match: look first, so that they take no slice just to read.
        if (!withModel || facts.findActiveByNormalized(fact.tenant(), fact.normalized()).isPresent()) {
            boolean[] settled = {false};
            writes.slice(() -> {
                settled[0] = settleExactMatch(fact, tally);
                if (!settled[0] && !withModel) {
                    activate(fact, tally);
                    settled[0] = true;
                }
            });
            if (settled[0]) {
                return;
            }
        }
        settleWithModel(fact, tally);
    }

    /** Retires {@code fact} as a restatement of an active fact with the same normalised text; false if none. */
    private boolean settleExactMatch(Fact fact, Tally tally) {
        Optional<Fact> same = facts.findActiveByNormalized(fact.tenant(), fact.normalized());
        if (same.isPresent()) {
            Fact older = same.get();
            String reason = "restates fact:" + older.id() + " (exact match after normalisation)";
            ConsolidationEvent event = new ConsolidationEvent(fact.tenant(), fact.id(), Optional.of(RowRef.fact(older.id())),
                    "fact:" + older.id(), ConsolidationDecision.Kind.DUPLICATE, ConsolidationEvent.Outcome.APPLIED, reason,
                    ConsolidationEvent.DETERMINISTIC, "", clock.instant());
            if (facts.apply(fact.tenant(), List.of(FactTransition.retire(fact.id(), FactStatus.PENDING,
                    Optional.of(older.id()), reason)), Optional.of(event), clock.instant())) {
                tally.duplicates++;
                decided(fact, "duplicate: " + reason + " (deterministic)");
            }
            return true;
        }
        return false;
    }

    private void settleWithModel(Fact fact, Tally tally) {
        FactConsolidator.Outcome outcome = consolidator.consolidate(fact);
        if (outcome == FactConsolidator.Outcome.STALE) {
            return;
        }
        writes.slice(() -> {
            switch (outcome) {
                case KEPT -> {
                    tally.activated++;
                    decided(fact, "kept: activated (no similar fact, or the model kept both)");
                }
                case DUPLICATE -> {
                    tally.duplicates++;
                    decided(fact, "duplicate: retired as the model judged it a restatement");
                }
                case SUPERSEDED -> {
                    tally.activated++;
                    tally.superseded++;
                    decided(fact, "supersede: activated, retiring the older fact the model named");
                }
                case REFUSED -> {
                    tally.activated++;
                    tally.refused++;
                    decided(fact, "refused: the model's decision broke an invariant; activated as keep_both");
                }
                case STALE -> { }
            }
        });
    }

    private void activate(Fact fact, Tally tally) {
        if (facts.apply(fact.tenant(), List.of(FactTransition.activate(fact.id(), "no active fact states the same")),
                Optional.empty(), clock.instant())) {
            tally.activated++;
            decided(fact, "activated: no active fact states the same");
        }
    }

    /** One audit entry per settled fact; the consolidation events keep the full decision. */
    private void decided(Fact fact, String detail) {
        audit.record(new AuditEntry(fact.tenant(), "fact.decision", "fact:" + fact.id(), detail
                + " (events: GET /v1/facts/" + fact.id() + "/events)", CONSOLIDATION, clock.instant()));
    }

    private static final class Tally {
        int activated;
        int duplicates;
        int superseded;
        int refused;
    }
}
