package dev.strata.application.learning;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.learning.AssetClass;
import dev.strata.domain.learning.GraduationBar;
import dev.strata.domain.learning.LearningPolicy;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyChange;
import dev.strata.domain.learning.MethodologyFilter;
import dev.strata.domain.learning.MethodologyId;
import dev.strata.domain.learning.MethodologyStore;
import dev.strata.domain.learning.NewMethodology;
import dev.strata.domain.learning.Provenance;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.audit.AuditLog;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Methodology use cases. New methodologies (created, seeded, synthesized, imported) always land
 * quarantined at the initial confidence, and a restatement inherits the existing row's stats.
 * Graduation is a deliberate act: {@link #approve} succeeds only when the Wilson lower bound and
 * the uses clear the bars, and otherwise says which bar it misses. Demotion is automatic (on every
 * outcome, and in {@link #demoteSweep}) and only ever raises quarantine.
 */
public final class MethodologyService {

    /** Most seeds accepted in one call; a bigger corpus is loaded in several calls. */
    public static final int MAX_SEEDS = 1_000;
    private static final int GRADUATE_ATTEMPTS = 5;

    private final MethodologyStore store;
    private final LearningAudit audit;
    private final LearningEvents events;
    private final LearningLoopSettings settings;
    private final Clock clock;

    public MethodologyService(MethodologyStore store, AuditLog audit, LearningEvents events, LearningLoopSettings settings,
                              Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.audit = new LearningAudit(audit, clock);
        this.events = Objects.requireNonNull(events, "events");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** {@code POST /v1/methodologies}: quarantined at the initial confidence, or the existing row on a dedup match. */
    public MethodologyStore.Created create(Tenant tenant, MethodologyDraft draft) {
        Provenance provenance = draft.provenance().map(p -> Provenance.parse("provenance", p)).orElse(Provenance.MANUAL);
        if (provenance != Provenance.MANUAL && provenance != Provenance.IMPORTED) {
            throw new InvalidInputException("provenance", "must be manual or imported; seeds and synthesized "
                    + "methodologies have their own paths");
        }
        return created(store.create(toNew(tenant, draft, provenance, ""), settings.policy().initialConfidence(),
                clock.instant()), "created");
    }

    /**
     * Loads a tenant's seeds (provenance {@code seed}), all or none: every seed is validated first
     * (errors name {@code methodologies[i].field}), then all are written in one transaction.
     */
    public List<MethodologyStore.Created> seed(Tenant tenant, List<MethodologyDraft> seeds) {
        if (seeds == null || seeds.isEmpty()) {
            throw new InvalidInputException("methodologies", "must contain at least one methodology");
        }
        if (seeds.size() > MAX_SEEDS) {
            throw new InvalidInputException("methodologies", "must contain at most " + MAX_SEEDS + " methodologies");
        }
        List<NewMethodology> rows = new ArrayList<>(seeds.size());
        for (int i = 0; i < seeds.size(); i++) {
            rows.add(toNew(tenant, seeds.get(i), Provenance.SEED, "methodologies[" + i + "]."));
        }
        List<MethodologyStore.Created> created = store.createAll(rows, settings.policy().initialConfidence(),
                clock.instant());
        created.forEach(c -> created(c, "seeded"));
        return created;
    }

    /**
     * The signed import (spec 01, channel A): a methodology this instance exported comes back with its
     * counts, confidence and quarantine; a dedup match keeps the existing row and its stats. The caller
     * has verified the file's HMAC under the instance key; nothing else may call this.
     */
    public MethodologyStore.Created restore(Tenant tenant, MethodologyDraft draft, MethodologyStore.Stats stats) {
        NewMethodology m = toNew(tenant, draft, Provenance.IMPORTED, "");
        MethodologyStore.Created c = store.restore(m, stats, clock.instant());
        Methodology row = c.methodology();
        if (c.inserted()) {
            audit.record(tenant, "methodology.import", "methodology:" + row.id(), "restored from a signed export at "
                    + "confidence " + LearningPolicy.format(row.confidence()) + " (" + row.successes() + "/" + row.uses()
                    + ", " + (row.quarantined() ? "quarantined" : "graduated") + ")");
            events.publish(new LearningEvent.MethodologyChanged(row));
        } else {
            audit.record(tenant, "methodology.dedup", "methodology:" + row.id(), "import text matched methodology "
                    + row.id() + "; it keeps its stats " + row.successes() + "/" + row.uses());
        }
        return c;
    }

    /** For the synthesis job: a proposal lands like any new methodology, with provenance {@code synthesized}. */
    MethodologyStore.Created createSynthesized(Tenant tenant, AssetClass assetClass, String title, String body) {
        NewMethodology m = new NewMethodology(tenant, assetClass, title, body, Provenance.SYNTHESIZED);
        return created(store.create(m, settings.policy().initialConfidence(), clock.instant()), "synthesized");
    }

    private MethodologyStore.Created created(MethodologyStore.Created c, String how) {
        Methodology m = c.methodology();
        String subject = "methodology:" + m.id();
        if (c.inserted()) {
            audit.record(m.tenant(), how.equals("synthesized") ? "methodology.synthesize" : "methodology.create",
                    subject, how + " quarantined at confidence " + LearningPolicy.format(m.confidence()) + " ("
                            + m.assetClass().wireName() + ", " + m.provenance().wireName() + ")");
            events.publish(new LearningEvent.MethodologyChanged(m));
        } else {
            audit.record(m.tenant(), "methodology.dedup", subject, how + " text matched methodology " + m.id()
                    + "; it keeps its stats " + m.successes() + "/" + m.uses());
        }
        return c;
    }

    private static NewMethodology toNew(Tenant tenant, MethodologyDraft d, Provenance provenance, String prefix) {
        try {
            return new NewMethodology(tenant, AssetClass.parse("asset_class", d.assetClass()), d.title(), d.body(),
                    provenance);
        } catch (InvalidInputException e) {
            throw prefix.isEmpty() ? e : new InvalidInputException(prefix + e.field(), e.reason());
        }
    }

    public Methodology get(Tenant tenant, MethodologyId id) {
        return store.find(tenant, id).orElseThrow(() -> new NotFoundException("methodology", id.toString()));
    }

    /**
     * {@code GET /v1/methodologies}: optionally one asset class and one state ({@code quarantined} or
     * {@code graduated}), highest confidence first.
     */
    public List<Methodology> list(Tenant tenant, Optional<String> assetClass, Optional<String> state,
                                  Optional<Integer> limit) {
        Optional<AssetClass> c = assetClass.map(a -> AssetClass.parse("asset_class", a));
        Optional<Boolean> quarantined = state.map(s -> switch (s.strip().toLowerCase(Locale.ROOT)) {
            case "quarantined" -> true;
            case "graduated" -> false;
            default -> throw new InvalidInputException("state", "must be quarantined or graduated");
        });
        return store.list(tenant, new MethodologyFilter(c, quarantined), Limits.of(limit, settings));
    }

    /**
     * Graduates a methodology: only when its Wilson lower bound (recomputed under the current z)
     * reaches the graduation bar and it has the minimum uses. Otherwise a {@link ConflictException}
     * names every bar it misses, with the numbers. Approving a graduated methodology returns it.
     */
    public Methodology approve(Tenant tenant, MethodologyId id) {
        return approve(tenant, id, LearningAudit.ACTOR);
    }

    /** {@link #approve(Tenant, MethodologyId)} by {@code actor}, who the {@code methodology.approve} entry names. */
    public Methodology approve(Tenant tenant, MethodologyId id, Actor actor) {
        LearningPolicy policy = settings.policy();
        for (int attempt = 0; attempt < GRADUATE_ATTEMPTS; attempt++) {
            Methodology m = get(tenant, id);
            if (m.graduated()) {
                return m;
            }
            double confidence = policy.confidence(m.successes(), m.uses());
            List<GraduationBar> missed = policy.missedBars(confidence, m.uses());
            if (!missed.isEmpty()) {
                throw belowTheBar(m, confidence, missed, policy);
            }
            Optional<Methodology> graduated = store.graduate(tenant, id, m.successes(), m.uses(), clock.instant());
            if (graduated.isPresent()) {
                Methodology g = graduated.get();
                audit.record(tenant, "methodology.approve", "methodology:" + id, "graduated at confidence "
                        + LearningPolicy.format(confidence) + " with " + g.successes() + "/" + g.uses(), actor);
                events.publish(new LearningEvent.MethodologyChanged(g));
                return g;
            }
            // An outcome moved the counts between the check and the write: check again on fresh numbers.
        }
        throw new ConflictException("methodology " + id + " keeps changing; try the approve again");
    }

    private static ConflictException belowTheBar(Methodology m, double confidence, List<GraduationBar> missed,
                                                 LearningPolicy policy) {
        List<String> reasons = new ArrayList<>();
        if (missed.contains(GraduationBar.CONFIDENCE)) {
            reasons.add("Wilson lower bound " + LearningPolicy.format(confidence) + " is below the graduation bar "
                    + policy.graduationConfidence());
        }
        if (missed.contains(GraduationBar.USES)) {
            reasons.add(m.uses() + " uses are fewer than the " + policy.graduationMinUses() + " required");
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("missed", missed.stream().map(GraduationBar::wireName).toList());
        details.put("confidence", confidence);
        details.put("required_confidence", policy.graduationConfidence());
        details.put("uses", m.uses());
        details.put("required_uses", policy.graduationMinUses());
        return new ConflictException("methodology " + m.id() + " misses the graduation bar: "
                + String.join("; ", reasons), details);
    }

    /** Quarantines a methodology by hand (idempotent). */
    public Methodology quarantine(Tenant tenant, MethodologyId id) {
        return quarantine(tenant, id, LearningAudit.ACTOR);
    }

    /** {@link #quarantine(Tenant, MethodologyId)} by {@code actor}. */
    public Methodology quarantine(Tenant tenant, MethodologyId id, Actor actor) {
        Methodology before = get(tenant, id);
        Methodology after = store.quarantine(tenant, id, clock.instant())
                .orElseThrow(() -> new NotFoundException("methodology", id.toString()));
        if (!before.quarantined()) {
            audit.record(tenant, "methodology.quarantine", "methodology:" + id, "quarantined by request", actor);
            events.publish(new LearningEvent.MethodologyChanged(after));
        }
        return after;
    }

    /**
     * spec 01's {@code methodology_demotion}: recomputes every methodology's confidence under the
     * current policy and quarantines graduated ones below the demotion bar. Idempotent; never
     * graduates; in shadow mode it only records what it would have done.
     */
    public DemotionReport demoteSweep(Tenant tenant) {
        LearningPolicy scoring = settings.scoringPolicy();
        int demoted = 0;
        int rescored = 0;
        for (Methodology m : store.list(tenant, MethodologyFilter.ALL, Integer.MAX_VALUE)) {
            Optional<MethodologyChange> change = store.rescore(tenant, m.id(), scoring, clock.instant());
            if (change.isEmpty() || !change.get().changed()) {
                continue;
            }
            MethodologyChange c = change.get();
            rescored++;
            audit.scored(List.of(c), "rescored by the demotion sweep", settings);
            if (c.demoted()) {
                demoted++;
            }
            events.publish(new LearningEvent.MethodologyChanged(c.after()));
        }
        return new DemotionReport(tenant, rescored, demoted);
    }

    /** The sweep over every tenant that has methodologies (the scheduled job). */
    public List<DemotionReport> demoteAll() {
        return store.tenants().stream().map(this::demoteSweep).collect(Collectors.toList());
    }

    /** What a demotion sweep changed. */
    public record DemotionReport(Tenant tenant, int rescored, int demoted) {
    }
}
