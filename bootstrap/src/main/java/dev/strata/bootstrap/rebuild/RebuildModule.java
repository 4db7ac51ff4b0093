package dev.strata.bootstrap.rebuild;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteTradeStore;
import dev.strata.application.learning.LearningEvent;
import dev.strata.application.personalization.PersonalizationPolicy;
import dev.strata.application.personalization.rebuild.PersonalizationRebuilder;
import dev.strata.application.personalization.rebuild.ProfileRefreshService;
import dev.strata.application.personalization.rebuild.RebuildPolicy;
import dev.strata.application.personalization.rebuild.RebuildPorts;
import dev.strata.application.personalization.rebuild.RebuildSweep;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.BackgroundThread;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.conversation.ConversationModule;
import dev.strata.bootstrap.learning.LearningModule;
import dev.strata.bootstrap.llm.LlmModule;
import dev.strata.bootstrap.memory.MemoryModule;
import dev.strata.bootstrap.personalization.PersonalizationModule;
import dev.strata.bootstrap.trading.TradingModule;
import dev.strata.domain.personalization.RebuildKind;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * spec 04's personalization rebuilder: memories from chat, the three-source trading summary, the
 * tags and the markets updater, over the budgeted model (every call charged to {@code rebuild}).
 * New mirror rows and in-session trades trigger the trading summary (and a markets nudge) on the
 * module's own background thread; the sweep and the daily markets run are jobs. Nothing runs at
 * boot unless {@code strata.rebuild.on-boot}; with rebuilding switched off there is no job and no
 * listener does anything.
 *
 * <p>The profile row, the tags and the strategy runs are the personalization area's, reached through
 * its services; so are the three flows' cooldowns. The in-session trades are read through a
 * {@code trade_history} store of this module's own (the learning module keeps its store private).
 */
public final class RebuildModule implements AreaModule {


    private final PersonalizationRebuilder rebuilder;
    private final ProfileRefreshService refresh;
    private final RebuildSweep sweep;
    private final BackgroundThread background;
    private final List<Job> jobs;

    private RebuildModule(PersonalizationRebuilder rebuilder, ProfileRefreshService refresh, RebuildSweep sweep,
                          BackgroundThread background, List<Job> jobs) {
        this.rebuilder = rebuilder;
        this.refresh = refresh;
        this.sweep = sweep;
        this.background = background;
        this.jobs = List.copyOf(jobs);
    }

    public static RebuildModule wire(SqliteDatabase db, RebuildSettings settings, LlmModule llm, MemoryModule memory,
                                     PersonalizationModule personalization, ConversationModule conversation,
                                     TradingModule trading, LearningModule learning, Clock clock) {
        PersonalizationPolicy cooldowns = personalization.personalization().policy();
        RebuildPolicy policy = settings.policy().withCooldowns(cooldowns.cooldown(RebuildKind.TRADING_SUMMARY),
                cooldowns.cooldown(RebuildKind.TAGS), cooldowns.cooldown(RebuildKind.MEMORIES));
        RebuildPorts ports = new RebuildPorts(conversation.store(), new SqliteTradeStore(db), trading.fills(),
                trading.spot());
        BackgroundThread background = new BackgroundThread("strata-personalization-rebuild");
        PersonalizationRebuilder rebuilder = new PersonalizationRebuilder(llm.languageModel(),
                personalization.personalization(), personalization.strategyRuns(), ports, memory.memories(),
                trading.profile(), clock, policy, background.executor());
        RebuildSweep sweep = new RebuildSweep(rebuilder, ports, clock);
        ProfileRefreshService refresh = new ProfileRefreshService(trading.sync(), rebuilder);
        trading.events().addListener(rebuilder::onTradingEvent);
        learning.events().addListener(event -> {
            if (event instanceof LearningEvent.TradeRecorded) {
                rebuilder.onTradeRecorded(event.tenant());
            }
        });
        List<Job> jobs = new ArrayList<>(2);
        if (policy.enabled()) {
            jobs.add(job(settings.sweepInterval(), policy.rebuildOnBoot(), "personalization rebuild sweep "
                    + "(memories, trading summary, tags)", sweep::sweep));
            jobs.add(job(policy.marketsInterval(), policy.rebuildOnBoot(), "markets tag update", sweep::sweepMarkets));
        }
        return new RebuildModule(rebuilder, refresh, sweep, background, jobs);
    }

    /** spec 04 "rebuildOnBoot": false waits one period before the first run. */
    private static Job job(Duration period, boolean onBoot, String what, Runnable useCase) {
        return new Job(what, onBoot ? Duration.ZERO : period, period, useCase);
    }

    public PersonalizationRebuilder rebuilder() {
        return rebuilder;
    }

    /** {@code POST /v1/profile/refresh}, {@code strata profile refresh}. */
    public ProfileRefreshService refresh() {
        return refresh;
    }

    public RebuildSweep sweep() {
        return sweep;
    }

    @Override
    public List<Job> jobs() {
        return jobs;
    }

    @Override
    public void close() {
        background.close();
    }
}
