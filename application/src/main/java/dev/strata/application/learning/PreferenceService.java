package dev.strata.application.learning;

import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.error.BudgetExceededException;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.learning.EvidenceMerge;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.NewPreference;
import dev.strata.domain.learning.PreferenceAction;
import dev.strata.domain.learning.PreferenceDimension;
import dev.strata.domain.learning.PreferenceFilter;
import dev.strata.domain.learning.PreferenceId;
import dev.strata.domain.learning.PreferenceKind;
import dev.strata.domain.learning.PreferenceMiningRule;
import dev.strata.domain.learning.PreferenceSource;
import dev.strata.domain.learning.PreferenceState;
import dev.strata.domain.learning.PreferenceStore;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.learning.TradeStore;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.CategoryFilter;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.ChatMessage;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.SpendCategory;
import dev.strata.domain.languagemodel.StructuredOutputException;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Learned preferences. Every path that creates preferences (a caller's proposal, a bulk proposal,
 * deterministic mining, the model's mining pass) can only propose; {@link #approve} is the one
 * path to {@code active}, and the store refuses any other. That is what keeps a
 * {@code hard_constraint} from activating by anything but an explicit approve.
 *
 * <p>An active preference is promoted to a memory (category {@code preference}, source
 * {@code learned_preference}, a hard constraint marked {@code [hard_constraint]}), so the snapshot
 * shows it as {@code [preference]}; {@link #deactivate} archives the preference and soft-deletes
 * that memory (never a hard delete). The loop only ever changes memories it promoted itself.
 */
public final class PreferenceService {

    private static final System.Logger LOG = System.getLogger(PreferenceService.class.getName());
    /** Most proposals accepted in one bulk call. */
    public static final int MAX_BULK = 500;
    /** Statement categories mining reads (the loop never mines its own promoted rows). */
    static final List<Category> MINED_CATEGORIES = List.of(Category.PREFERENCE, Category.OBSERVATION);

    private final PreferenceStore store;
    private final TradeStore trades;
    private final MemoryService memories;
    private final LanguageModel model;
    private final LearningAudit audit;
    private final LearningEvents events;
    private final LearningLoopSettings settings;
    private final Clock clock;

    public PreferenceService(PreferenceStore store, TradeStore trades, MemoryService memories, LanguageModel model,
                             AuditLog audit, LearningEvents events, LearningLoopSettings settings, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.trades = Objects.requireNonNull(trades, "trades");
        this.memories = Objects.requireNonNull(memories, "memories");
        this.model = Objects.requireNonNull(model, "model");
        this.audit = new LearningAudit(audit, clock);
        this.events = Objects.requireNonNull(events, "events");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** {@code POST /v1/preferences}: a proposal; a restatement adds its evidence to the existing row. */
    public PreferenceStore.Proposed propose(Tenant tenant, ProposePreference cmd) {
        return proposed(store.propose(toNew(tenant, cmd, ""), EvidenceMerge.ADD, clock.instant()));
    }

    /**
     * The markdown import's proposal (source {@code import}): it lands {@code proposed} like every proposal;
     * a restatement raises the existing row's evidence to at least this one's, so importing the same
     * bundle twice changes nothing.
     */
    public PreferenceStore.Proposed proposeImported(Tenant tenant, PreferenceDimension dimension, String content,
                                                    PreferenceKind kind, long evidence) {
        return proposed(store.propose(new NewPreference(tenant, dimension, content, kind, evidence,
                PreferenceSource.IMPORT), EvidenceMerge.AT_LEAST, clock.instant()));
    }

    /** Many proposals, validated all first (errors name {@code preferences[i].field}); each still lands proposed. */
    public List<PreferenceStore.Proposed> proposeAll(Tenant tenant, List<ProposePreference> cmds) {
        if (cmds == null || cmds.isEmpty()) {
            throw new InvalidInputException("preferences", "must contain at least one preference");
        }
        if (cmds.size() > MAX_BULK) {
            throw new InvalidInputException("preferences", "must contain at most " + MAX_BULK + " preferences");
        }
        List<NewPreference> rows = new ArrayList<>(cmds.size());
        for (int i = 0; i < cmds.size(); i++) {
            rows.add(toNew(tenant, cmds.get(i), "preferences[" + i + "]."));
        }
        return rows.stream().map(p -> proposed(store.propose(p, EvidenceMerge.ADD, clock.instant()))).toList();
    }

    private static NewPreference toNew(Tenant tenant, ProposePreference c, String prefix) {
        try {
            PreferenceSource source = c.source().map(s -> PreferenceSource.parse("source", s)).orElse(PreferenceSource.USER);
            if (source != PreferenceSource.USER && source != PreferenceSource.AGENT) {
                throw new InvalidInputException("source", "must be user or agent; mined and model proposals come from "
                        + "the mining job, imports from the import");
            }
            return new NewPreference(tenant, PreferenceDimension.parse("dimension", c.dimension()), c.content(),
                    c.kind().map(k -> PreferenceKind.parse("kind", k)).orElse(PreferenceKind.NORMAL),
                    c.evidence().orElse(1L), source);
        } catch (InvalidInputException e) {
            throw prefix.isEmpty() ? e : new InvalidInputException(prefix + e.field(), e.reason());
        }
    }

    private PreferenceStore.Proposed proposed(PreferenceStore.Proposed p) {
        LearnedPreference pref = p.preference();
        audit.record(pref.tenant(), p.inserted() ? "preference.propose" : "preference.merge", "preference:" + pref.id(),
                (p.inserted() ? "proposed " : "restated; evidence now " + pref.evidence() + ", still ")
                        + pref.state().wireName() + " " + pref.kind().wireName() + " (" + pref.dimension().wireName()
                        + ", " + pref.source().wireName() + ")");
        events.publish(new LearningEvent.PreferenceChanged(pref));
        return p;
    }

    public LearnedPreference get(Tenant tenant, PreferenceId id) {
        return store.find(tenant, id).orElseThrow(() -> new NotFoundException("preference", id.toString()));
    }

    public List<LearnedPreference> list(Tenant tenant, Optional<String> state, Optional<String> kind,
                                        Optional<String> dimension, Optional<Integer> limit) {
        PreferenceFilter filter = new PreferenceFilter(state.map(s -> PreferenceState.parse("state", s)),
                kind.map(k -> PreferenceKind.parse("kind", k)), dimension.map(d -> PreferenceDimension.parse("dimension", d)));
        return store.list(tenant, filter, Limits.of(limit, settings));
    }

    /**
     * The explicit approve: the only way a preference (a hard constraint included) becomes active.
     * It is then promoted to a {@code learned_preference} memory, except in shadow mode.
     */
    public LearnedPreference approve(Tenant tenant, PreferenceId id) {
        return approve(tenant, id, LearningAudit.ACTOR);
    }

    /**
     * {@link #approve(Tenant, PreferenceId)} by {@code actor}, who the {@code preference.approve} entry names;
     * the promotion that follows is the loop's ({@code system:learning}).
     */
    public LearnedPreference approve(Tenant tenant, PreferenceId id, Actor actor) {
        LearnedPreference active = transition(tenant, id, PreferenceAction.APPROVE, actor);
        if (settings.shadowMode()) {
            audit.record(tenant, "learning.shadow.promote", "preference:" + id, "shadow mode: approved but not "
                    + "promoted to a memory");
            return active;
        }
        return promote(active);
    }

    public LearnedPreference reject(Tenant tenant, PreferenceId id) {
        return reject(tenant, id, LearningAudit.ACTOR);
    }

    public LearnedPreference reject(Tenant tenant, PreferenceId id, Actor actor) {
        return transition(tenant, id, PreferenceAction.REJECT, actor);
    }

    /** Archives an active preference and retires (soft-deletes) the memory it was promoted to. */
    public LearnedPreference deactivate(Tenant tenant, PreferenceId id) {
        return deactivate(tenant, id, LearningAudit.ACTOR);
    }

    /** {@link #deactivate(Tenant, PreferenceId)} by {@code actor}; retiring the memory is the loop's. */
    public LearnedPreference deactivate(Tenant tenant, PreferenceId id, Actor actor) {
        LearnedPreference archived = transition(tenant, id, PreferenceAction.DEACTIVATE, actor);
        archived.memory().ifPresent(memoryId -> retire(archived, memoryId));
        return archived;
    }

    private LearnedPreference transition(Tenant tenant, PreferenceId id, PreferenceAction action, Actor actor) {
        LearnedPreference after = store.transition(tenant, id, action, clock.instant())
                .orElseThrow(() -> new NotFoundException("preference", id.toString()));
        audit.record(tenant, "preference." + action.wireName(), "preference:" + id, after.kind().wireName() + " "
                + action.from().wireName() + " -> " + after.state().wireName(), actor);
        events.publish(new LearningEvent.PreferenceChanged(after));
        return after;
    }

    private LearnedPreference promote(LearnedPreference p) {
        try {
            Memory m = memories.write(new WriteMemory(p.tenant(), Category.PREFERENCE.value(), p.memoryContent(),
                    new Metadata("{\"preference_id\":" + p.id().value() + ",\"kind\":\"" + p.kind().wireName()
                            + "\",\"dimension\":\"" + p.dimension().wireName() + "\"}"), Optional.of(Source.LEARNED_PREFERENCE),
                    LearningAudit.ORIGIN));
            LearnedPreference linked = store.linkMemory(p.tenant(), p.id(), Optional.of(m.id()), clock.instant())
                    .orElse(p);
            audit.record(p.tenant(), "preference.promote", "preference:" + p.id(), "promoted to memory " + m.id());
            return linked;
        } catch (DomainException e) {
            // The approve stands; the memory is missing until the preference is approved again after a
            // deactivate. Logged and audited so an operator sees it.
            LOG.log(System.Logger.Level.WARNING, "could not promote preference {0}: {1}", p.id(), e.getMessage());
            audit.record(p.tenant(), "preference.promote_failed", "preference:" + p.id(), e.getMessage());
            return p;
        }
    }

    /** Soft-deletes the promoted memory, but only when it really is this preference's learned_preference row. */
    private void retire(LearnedPreference p, MemoryId memoryId) {
        try {
            Memory m = memories.get(p.tenant(), memoryId);
            if (m.source() != Source.LEARNED_PREFERENCE) {
                audit.record(p.tenant(), "preference.retire_refused", "memory:" + memoryId, "memory " + memoryId
                        + " has source " + m.source().wireName() + "; the loop retires only its own promotions");
                return;
            }
            if (!m.isDeleted()) {
                memories.delete(p.tenant(), memoryId, LearningAudit.ACTOR);
            }
            audit.record(p.tenant(), "preference.retire_memory", "preference:" + p.id(), "retired memory " + memoryId);
        } catch (NotFoundException e) {
            LOG.log(System.Logger.Level.INFO, "promoted memory {0} of preference {1} is already gone", memoryId, p.id());
        }
    }

    /**
     * The scheduled run: every tenant that has something to mine, i.e. active preference or
     * observation memories or recorded trades, in name order. Nothing is read when mining is off.
     */
    public List<MiningReport> mineAll() {
        if (!settings.miningEnabled()) {
            return List.of();
        }
        SortedMap<String, Tenant> tenants = new TreeMap<>();
        for (Tenant t : memories.tenantsWithActive(new CategoryFilter.Only(Set.copyOf(MINED_CATEGORIES)))) {
            tenants.put(t.value(), t);
        }
        for (Tenant t : trades.tenantsWithTrades()) {
            tenants.put(t.value(), t);
        }
        return tenants.values().stream().map(this::mine).toList();
    }

    /**
     * Preference mining: the deterministic {@link PreferenceMiningRule} over the tenant's preference
     * and observation memories (not the loop's own {@code learned_preference} rows) and recent trades,
     * then, when enabled and a model is configured, a budgeted model pass ({@code learning} spend).
     * Everything lands proposed; a recount raises evidence only up to what was observed, so a rerun
     * over the same history changes nothing. In shadow mode proposals are only audited.
     */
    public MiningReport mine(Tenant tenant) {
        if (!settings.miningEnabled()) {
            return MiningReport.skipped(tenant, "mining is disabled");
        }
        List<String> statements = statements(tenant);
        List<Trade> recent = trades.listTrades(tenant, Optional.empty(), settings.miningWindow());
        Tally tally = new Tally();
        for (PreferenceMiningRule.Mined m : PreferenceMiningRule.mine(statements, recent, settings.minStatements(),
                settings.minTrades())) {
            offer(new NewPreference(tenant, m.dimension(), m.content(), m.kind(), m.evidence(), PreferenceSource.MINED),
                    tally);
        }
        Optional<String> stopped = Optional.empty();
        if (settings.modelMiningEnabled() && model.isEnabled() && (!statements.isEmpty() || !recent.isEmpty())) {
            stopped = modelPass(tenant, statements, recent, tally);
        }
        return new MiningReport(tenant, tally.proposed, tally.merged, tally.shadowed, Optional.empty(), stopped);
    }

    private List<String> statements(Tenant tenant) {
        int limit = memories.limits().maxListLimit();
        List<String> out = new ArrayList<>();
        for (Category c : MINED_CATEGORIES) {
            for (Memory m : memories.list(tenant, Optional.of(c.value()), Optional.of(limit))) {
                if (m.source() != Source.LEARNED_PREFERENCE && !m.isFlagged()) {
                    out.add(m.content());
                }
            }
        }
        return out;
    }

    private Optional<String> modelPass(Tenant tenant, List<String> statements, List<Trade> recent, Tally tally) {
        ChatRequest request = new ChatRequest(tenant.value(), SpendCategory.LEARNING, MiningPrompt.SYSTEM,
                List.of(ChatMessage.user(MiningPrompt.user(statements, recent))), 0.0, MiningPrompt.MAX_OUTPUT_TOKENS,
                Optional.of(MiningPrompt.SCHEMA));
        try {
            for (JsonNode item : model.chat(request).structured().array("preferences")) {
                if (!(item instanceof JsonNode.ObjectNode o)) {
                    continue;
                }
                try {
                    long evidence = Math.max(1, o.number("evidence").longValue());
                    offer(new NewPreference(tenant, PreferenceDimension.parse("dimension", o.text("dimension")),
                            o.text("content"), PreferenceKind.parse("kind", o.text("kind")), evidence,
                            PreferenceSource.MODEL), tally);
                } catch (InvalidInputException e) {
                    audit.record(tenant, "preference.model_refused", "preference", "model proposal refused: "
                            + e.getMessage());
                }
            }
            return Optional.empty();
        } catch (BudgetExceededException | UnavailableException | StructuredOutputException e) {
            LOG.log(System.Logger.Level.WARNING, "preference mining model pass for {0} stopped: {1}", tenant,
                    e.getMessage());
            return Optional.of(e.getMessage());
        }
    }

    private void offer(NewPreference p, Tally tally) {
        if (settings.shadowMode()) {
            audit.record(p.tenant(), "learning.shadow.preference", "preference", "shadow mode: would propose "
                    + p.kind().wireName() + " (" + p.dimension().wireName() + ", evidence " + p.evidence() + "): "
                    + p.content());
            tally.shadowed++;
            return;
        }
        PreferenceStore.Proposed r = store.propose(p, EvidenceMerge.AT_LEAST, clock.instant());
        if (r.inserted()) {
            tally.proposed++;
            proposed(r);
        } else if (r.changed()) {
            tally.merged++;
            proposed(r);
        }
    }

    private static final class Tally {
        int proposed;
        int merged;
        int shadowed;
    }
}
