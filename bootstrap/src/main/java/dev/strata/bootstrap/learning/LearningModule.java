package dev.strata.bootstrap.learning;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteLearningStore;
import dev.strata.adapters.sqlite.SqliteMethodologyStore;
import dev.strata.adapters.sqlite.SqlitePreferenceStore;
import dev.strata.adapters.sqlite.SqliteTradeStore;
import dev.strata.application.learning.CompiledPageService;
import dev.strata.application.learning.DecisionTimeline;
import dev.strata.application.learning.LearningEvents;
import dev.strata.application.learning.LearningLoopSettings;
import dev.strata.application.learning.LearningTools;
import dev.strata.application.learning.LearningsService;
import dev.strata.application.learning.MethodologyService;
import dev.strata.application.learning.PreferenceService;
import dev.strata.application.learning.SynthesisService;
import dev.strata.application.learning.TradeService;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.bootstrap.access.AccessModule;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.llm.LlmModule;
import dev.strata.bootstrap.memory.MemoryModule;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.languagemodel.LanguageModel;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The finance learning loop: methodologies scored by real outcomes, trades and their attributed
 * cases, learned preferences, learnings ({@code memory_learn}) and compiled pages. Its services share
 * one event registry; compiled pages are invalidated by the loop's own events and by memory writes.
 * The model behind synthesis and model mining is the budgeted one (requests are charged to the
 * {@code learning} category).
 */
public final class LearningModule implements AreaModule {

    private final MethodologyService methodologies;
    private final TradeService trades;
    private final PreferenceService preferences;
    private final LearningsService learnings;
    private final CompiledPageService pages;
    private final SynthesisService synthesis;
    private final LearningLoopSettings settings;
    private final LearningEvents events;
    private final List<Job> jobs;

    private LearningModule(MethodologyService methodologies, TradeService trades, PreferenceService preferences,
                           LearningsService learnings, CompiledPageService pages, SynthesisService synthesis,
                           LearningLoopSettings settings, LearningEvents events, List<Job> jobs) {
        this.methodologies = methodologies;
        this.trades = trades;
        this.preferences = preferences;
        this.learnings = learnings;
        this.pages = pages;
        this.synthesis = synthesis;
        this.settings = settings;
        this.events = events;
        this.jobs = List.copyOf(jobs);
    }

    /**
     * @param decisions the role area's reflected decisions, which join a compiled page's Timeline
     * @param access    the loop audits through its one audit log, which keeps secrets out of the trail
     */
    public static LearningModule wire(SqliteDatabase db, LearningSettings settings, LlmModule llm, MemoryModule memory,
                                      DecisionTimeline decisions, AccessModule access, Clock clock) {
        LearningLoopSettings loop = settings.loop();
        LanguageModel model = llm.languageModel();
        MemoryService memories = memory.memories();
        SqliteMethodologyStore methodologyStore = new SqliteMethodologyStore(db);
        SqliteTradeStore tradeStore = new SqliteTradeStore(db);
        SqlitePreferenceStore preferenceStore = new SqlitePreferenceStore(db);
        AuditLog audit = access.auditLog();
        LearningEvents events = new LearningEvents();

        MethodologyService methodologies = new MethodologyService(methodologyStore, audit, events, loop, clock);
        TradeService trades = new TradeService(tradeStore, memories, audit, events, loop, clock);
        PreferenceService preferences = new PreferenceService(preferenceStore, tradeStore, memories, model, audit,
                events, loop, clock);
        LearningsService learnings = new LearningsService(new SqliteLearningStore(db), loop, clock);
        CompiledPageService pages = new CompiledPageService(methodologyStore, preferenceStore, tradeStore, loop, clock,
                decisions);
        SynthesisService synthesis = new SynthesisService(tradeStore, methodologyStore, methodologies, model, audit,
                loop, clock);
        // A page is stale after any change of what it shows: the loop's events, and memory writes.
        events.addListener(pages);
        memories.addListener(pages);

        // A feature switched off (or synthesis without a model) is no job, as a compaction interval of 0 is none.
        List<Job> jobs = new ArrayList<>(3);
        if (loop.demotionEnabled()) {
            jobs.add(Job.every(settings.demotionInterval(), "demotion sweep of methodologies", methodologies::demoteAll));
        }
        if (loop.miningEnabled()) {
            jobs.add(Job.every(settings.miningInterval(), "preference mining", preferences::mineAll));
        }
        if (loop.synthesisEnabled() && model.isEnabled()) {
            jobs.add(Job.every(settings.synthesisInterval(), "synthesis of methodologies from winning cases",
                    synthesis::synthesizeAll));
        }
        return new LearningModule(methodologies, trades, preferences, learnings, pages, synthesis, loop, events,
                jobs);
    }

    public MethodologyService methodologies() {
        return methodologies;
    }

    public TradeService trades() {
        return trades;
    }

    public PreferenceService preferences() {
        return preferences;
    }

    /** {@code memory_learn}: procedures that worked, searched on demand. */
    public LearningsService learnings() {
        return learnings;
    }

    /** {@code memory_compiled_page}: one cached markdown page per asset. */
    public CompiledPageService pages() {
        return pages;
    }

    public SynthesisService synthesis() {
        return synthesis;
    }

    /** The loop's events ({@code trade:recorded}...), for the areas that react to them. */
    public LearningEvents events() {
        return events;
    }

    /** The area's agent tools (no approve among them: a person approves). */
    public List<ToolDefinition> tools() {
        return LearningTools.definitions(methodologies, trades, preferences, learnings, pages, settings);
    }

    /** The demotion sweep, preference mining and synthesis, each while its feature is on. */
    @Override
    public List<Job> jobs() {
        return jobs;
    }
}
