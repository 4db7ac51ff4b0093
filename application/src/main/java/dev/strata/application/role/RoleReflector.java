package dev.strata.application.role;

import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.error.BudgetExceededException;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.ChatMessage;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.SpendCategory;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.Classification;
import dev.strata.domain.role.Evidence;
import dev.strata.domain.role.LessonText;
import dev.strata.domain.role.Outcome;
import dev.strata.domain.role.Reflection;
import dev.strata.domain.role.ReflectionPolicy;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryStore;
import dev.strata.domain.role.RoleRegistry;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The role reflector (spec 05 {@code RoleMemoryReflector}). For each pending entry of a role, oldest
 * first: younger than {@code minAgeHours} it is left alone; older than {@code maxAgeHours} it is
 * skipped for good; otherwise its outcome is probed, its post-hoc evidence gathered, and the model
 * classifies it (stage 1). {@code logic_error} and {@code missing_data} then get a lesson of at most
 * two sentences from the role's own template (stage 2); {@code exogenous} and {@code variance} keep
 * the narrative only.
 *
 * <p>Nothing is ever lost: a failing probe, a missing or failing model, or the {@code learning}
 * budget leave the entry pending with the reason in its note. Budget exhaustion or an unreachable
 * model also end the run, since the next entry would fail the same way.
 *
 * <p>A per-role serial lock (per tenant too, so one tenant's run never blocks another's): a second
 * caller for a role already being reflected drops its request and says so; different roles run in
 * parallel. The reflector is given the role-memory store, the audit log, read-only probes and the
 * model, and nothing else: it can write role-memory rows and audit rows only, and it never rewrites a
 * stored reflection (the store's transition is conditional on {@code pending}).
 */
public final class RoleReflector {

    private static final System.Logger LOG = System.getLogger(RoleReflector.class.getName());

    private final RoleRegistry registry;
    private final RoleMemoryStore store;
    /** The actor of the reflector's decisions. */
    public static final Actor REFLECTOR = Actor.system("reflector");

    private final AuditLog audit;
    private final LanguageModel model;
    private final RoleProbes probes;
    private final Clock clock;
    private final int batchSize;
    private final Set<String> running = ConcurrentHashMap.newKeySet();

    /**
     * @param batchSize the most entries one run looks at: a bound on what a run can spend
     */
    public RoleReflector(RoleRegistry registry, RoleMemoryStore store, AuditLog audit, LanguageModel model,
                         RoleProbes probes, Clock clock, int batchSize) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.store = Objects.requireNonNull(store, "store");
        this.audit = Objects.requireNonNull(audit, "audit");
        this.model = Objects.requireNonNull(model, "model");
        this.probes = Objects.requireNonNull(probes, "probes");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1: " + batchSize);
        }
        this.batchSize = batchSize;
    }

    /** Reflects the role's due pending entries of the tenant. */
    public ReflectionReport reflect(Tenant tenant, RoleId roleId) {
        return reflect(tenant, roleId, Optional.empty());
    }

    /**
     * Reflects the role's due pending entries of the tenant, of one asset when given (a price of it
     * just arrived). A role that is no longer declared is {@link dev.strata.domain.error.NotFoundException}.
     */
    public ReflectionReport reflect(Tenant tenant, RoleId roleId, Optional<Asset> asset) {
        RoleDefinition role = registry.require(roleId);
        String key = tenant.value() + '\u0000' + roleId.value();
        if (!running.add(key)) {
            LOG.log(System.Logger.Level.DEBUG, "reflection of {0} for {1} dropped: one is running", roleId, tenant);
            return ReflectionReport.dropped(tenant, roleId);
        }
        try {
            return run(tenant, role, asset);
        } finally {
            running.remove(key);
        }
    }

    /** True while a reflection of the role runs for the tenant. */
    public boolean isRunning(Tenant tenant, RoleId role) {
        return running.contains(tenant.value() + '\u0000' + role.value());
    }

    private ReflectionReport run(Tenant tenant, RoleDefinition role, Optional<Asset> asset) {
        List<ReflectionReport.EntryResult> results = new ArrayList<>();
        Optional<String> stop = Optional.empty();
        for (RoleMemoryEntry entry : store.pending(tenant, role.id(), asset, batchSize)) {
            if (stop.isPresent()) {
                results.add(pending(entry, stop.get(), false));
                continue;
            }
            Instant now = clock.instant();
            ReflectionPolicy.Age age = role.policy().ageOf(entry.createdAt(), now);
            if (age == ReflectionPolicy.Age.TOO_YOUNG) {
                results.add(new ReflectionReport.EntryResult(entry.id(), ReflectionReport.Result.NOT_DUE, Optional.empty(),
                        "younger than " + role.policy().minAgeHours() + "h"));
                continue;
            }
            if (age == ReflectionPolicy.Age.EXPIRED) {
                results.add(skip(entry, role, now));
                continue;
            }
            Step step = judge(entry, role, now);
            results.add(step.result());
            stop = step.stopRun();
        }
        return new ReflectionReport(tenant, role.id(), false, summary(results, stop), results);
    }

    private ReflectionReport.EntryResult skip(RoleMemoryEntry entry, RoleDefinition role, Instant now) {
        String reason = "skipped: older than maxAgeHours (" + role.policy().maxAgeHours() + "h) when reflection ran";
        if (store.skip(entry.tenant(), entry.id(), reason, now)) {
            audit.record(new AuditEntry(entry.tenant(), "role.skip", "role_memory:" + entry.id(),
                    "role " + role.id() + ": " + reason, REFLECTOR, now));
        }
        return new ReflectionReport.EntryResult(entry.id(), ReflectionReport.Result.SKIPPED, Optional.empty(), reason);
    }

    /** One entry's result, and the reason the rest of the run must stop, if it must. */
    private record Step(ReflectionReport.EntryResult result, Optional<String> stopRun) {
        static Step next(ReflectionReport.EntryResult result) {
            return new Step(result, Optional.empty());
        }
    }

    private Step judge(RoleMemoryEntry entry, RoleDefinition role, Instant now) {
        Outcome outcome;
        if (entry.outcome().isPresent()) {
            outcome = entry.outcome().get();
        } else {
            switch (probes.outcome(entry, role, now)) {
                case ProbeResult.Measured<Outcome> measured -> {
                    outcome = measured.value();
                    store.recordOutcome(entry.tenant(), entry.id(), outcome, now);
                }
                case ProbeResult.Waiting<Outcome> waiting -> {
                    return Step.next(pending(entry, waiting.reason(), true));
                }
                case ProbeResult.Failed<Outcome> failed -> {
                    return Step.next(pending(entry, failed.reason(), true));
                }
            }
        }
        List<Evidence> evidence;
        switch (probes.evidence(entry, role, now)) {
            case ProbeResult.Measured<List<Evidence>> measured -> evidence = measured.value();
            case ProbeResult.Waiting<List<Evidence>> waiting -> {
                return Step.next(pending(entry, waiting.reason(), true));
            }
            case ProbeResult.Failed<List<Evidence>> failed -> {
                return Step.next(pending(entry, failed.reason(), true));
            }
        }
        if (!model.isEnabled()) {
            return new Step(pending(entry, "no language model is configured; the outcome is recorded and the entry "
                    + "will be reflected once one is", true), Optional.of("no language model is configured"));
        }
        try {
            return Step.next(classifyAndStore(entry, role, outcome, evidence, now));
        } catch (BudgetExceededException e) {
            String reason = "the learning budget is exhausted: " + RoleProbes.oneLine(e.getMessage());
            return new Step(pending(entry, reason, true), Optional.of(reason));
        } catch (UnavailableException e) {
            String reason = "the language model is unavailable: " + RoleProbes.oneLine(e.getMessage());
            return new Step(pending(entry, reason, true), Optional.of(reason));
        } catch (DomainException | IllegalArgumentException | IllegalStateException e) {
            // A malformed answer (no valid JSON after the repair retry, a blank lesson) is this entry's problem only.
            return Step.next(pending(entry, "the model's answer was unusable: " + RoleProbes.oneLine(e.getMessage()), true));
        }
    }

    private ReflectionReport.EntryResult classifyAndStore(RoleMemoryEntry entry, RoleDefinition role, Outcome outcome,
                                                          List<Evidence> evidence, Instant now) {
        ChatRequest stage1 = new ChatRequest(entry.tenant().value(), SpendCategory.LEARNING, ReflectionPrompts.CLASSIFIER,
                List.of(ChatMessage.user(ReflectionPrompts.classificationRequest(entry, role, outcome, evidence, now))),
                0.0, ReflectionPrompts.CLASSIFICATION_MAX_TOKENS, Optional.of(ReflectionPrompts.CLASSIFICATION_SCHEMA));
        ChatResponse verdict = model.chat(stage1);
        JsonNode.ObjectNode json = verdict.structured();
        Classification type = Classification.fromWireName(json.text("classification").strip()).orElseThrow(() ->
                new IllegalStateException("unknown classification '" + json.text("classification") + "'"));
        String narrative = json.text("narrative");
        Optional<String> lesson = Optional.empty();
        if (type.trainable()) {
            ChatRequest stage2 = new ChatRequest(entry.tenant().value(), SpendCategory.LEARNING,
                    ReflectionPrompts.LESSON_WRITER,
                    List.of(ChatMessage.user(ReflectionPrompts.lessonRequest(entry, role, outcome, evidence, type, now))),
                    0.0, ReflectionPrompts.LESSON_MAX_TOKENS, Optional.empty());
            lesson = Optional.of(LessonText.of(model.chat(stage2).text()));
        }
        Instant at = clock.instant();
        Reflection reflection = new Reflection(type, narrative, lesson, verdict.model(), at);
        if (!store.reflect(entry.tenant(), entry.id(), reflection)) {
            // Reflected or skipped meanwhile by another process: the stored verdict stands.
            return new ReflectionReport.EntryResult(entry.id(), ReflectionReport.Result.PENDING, Optional.empty(),
                    "no longer pending; the stored state was kept");
        }
        audit.record(new AuditEntry(entry.tenant(), "role.reflect", "role_memory:" + entry.id(), "role " + role.id()
                + " classified " + type.wireName() + (lesson.isPresent() ? " with a lesson" : " without a lesson")
                + " by " + verdict.model(), REFLECTOR, at));
        return new ReflectionReport.EntryResult(entry.id(), ReflectionReport.Result.REFLECTED, Optional.of(type),
                lesson.orElse(reflection.narrative()));
    }

    private ReflectionReport.EntryResult pending(RoleMemoryEntry entry, String reason, boolean note) {
        if (note && !entry.note().equals(Optional.of(reason))) {
            store.note(entry.tenant(), entry.id(), reason, clock.instant());
        }
        return new ReflectionReport.EntryResult(entry.id(), ReflectionReport.Result.PENDING, Optional.empty(), reason);
    }

    private static String summary(List<ReflectionReport.EntryResult> results, Optional<String> stop) {
        long reflected = results.stream().filter(r -> r.result() == ReflectionReport.Result.REFLECTED).count();
        long skipped = results.stream().filter(r -> r.result() == ReflectionReport.Result.SKIPPED).count();
        long pending = results.stream().filter(r -> r.result() == ReflectionReport.Result.PENDING).count();
        long notDue = results.stream().filter(r -> r.result() == ReflectionReport.Result.NOT_DUE).count();
        return reflected + " reflected, " + skipped + " skipped, " + pending + " still pending, " + notDue + " not due yet"
                + stop.map(s -> "; stopped early: " + s).orElse("");
    }
}
