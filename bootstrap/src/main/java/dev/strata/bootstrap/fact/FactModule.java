package dev.strata.bootstrap.fact;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteBackgroundWrites;
import dev.strata.adapters.sqlite.SqliteFactStore;
import dev.strata.application.fact.FactConsolidator;
import dev.strata.application.fact.FactSweeper;
import dev.strata.application.fact.GeneralFactService;
import dev.strata.bootstrap.access.AccessModule;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.llm.LlmModule;
import dev.strata.bootstrap.memory.MemoryModule;
import dev.strata.bootstrap.retrieval.RetrievalModule;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.LanguageModel;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The general fact layer: recorded facts, their consolidation by the language model (or by exact match
 * without one) on a debounced background sweep, and a periodic catch-up of facts left pending.
 */
public final class FactModule implements AreaModule {

    private static final System.Logger LOG = System.getLogger(FactModule.class.getName());

    private final GeneralFactService facts;
    private final ExecutorSweepScheduler sweeps;
    private final Duration retryInterval;
    private final int snapshotLimit;

    private FactModule(GeneralFactService facts, ExecutorSweepScheduler sweeps, Duration retryInterval,
                       int snapshotLimit) {
        this.facts = facts;
        this.sweeps = sweeps;
        this.retryInterval = retryInterval;
        this.snapshotLimit = snapshotLimit;
    }

    /**
     * Recorded facts are swept on a background thread of this module's, which {@link #close()} stops. A new fact
     * is compared with similar facts and with the user's own memories, found by the keyword arm.
     */
    public static FactModule wire(SqliteDatabase db, FactSettings settings, LlmModule llm, MemoryModule memory,
                                  RetrievalModule retrieval, AccessModule access, Clock clock) {
        LanguageModel model = llm.languageModel();
        SqliteFactStore store = new SqliteFactStore(db);
        // Sweeps are background work: each fact's writes are one slice that request writers go before.
        SqliteBackgroundWrites slices = new SqliteBackgroundWrites(db);
        GeneralFactService facts = new GeneralFactService(store, new FactConsolidator(model, store,
                retrieval.keywordIndex(), clock, settings.consolidation(), slices), clock,
                memory.memories().limits().maxContentChars(), access.secrets(), access.auditLog(), slices);
        ExecutorSweepScheduler sweeps = new ExecutorSweepScheduler();
        facts.addListener(new FactSweeper(facts::consolidatePending, sweeps, clock, settings.sweep().debounce(),
                settings.sweep().maxWait()));
        if (settings.consolidation().enabled() && !model.isEnabled()) {
            LOG.log(System.Logger.Level.WARNING, "MEMORY_CONSOLIDATION_ENABLED is true but no language model is "
                    + "configured: facts are consolidated by exact match only");
        }
        return new FactModule(facts, sweeps, settings.retryInterval(), settings.snapshotLimit());
    }

    public GeneralFactService facts() {
        return facts;
    }

    /** The active facts the memory-context block shows ({@code strata.facts.snapshot-limit} at most, 0: none). */
    public Function<Tenant, List<Fact>> snapshotFacts() {
        return tenant -> snapshotLimit == 0 ? List.of() : facts.activeFacts(tenant, snapshotLimit);
    }

    /** The facts a snapshot as of an instant shows: those active then, oldest first. */
    public BiFunction<Tenant, Instant, List<Fact>> snapshotFactsAsOf() {
        return (tenant, at) -> snapshotLimit == 0 ? List.of() : facts.activeAsOf(tenant, at, snapshotLimit);
    }

    /** Catches up on facts a sweep left pending (model over budget or down, a sweep lost at shutdown). */
    @Override
    public List<Job> jobs() {
        return List.of(Job.every(retryInterval, "catch-up consolidation of pending facts", facts::consolidateAll));
    }

    @Override
    public void close() {
        sweeps.close();
    }
}
