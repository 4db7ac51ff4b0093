package dev.strata.bootstrap.trading;

import dev.strata.adapters.http.tradehistory.HttpTradeHistorySource;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqlitePerpsFillStore;
import dev.strata.adapters.sqlite.SqliteSpotActivityStore;
import dev.strata.adapters.sqlite.SqliteSyncStateStore;
import dev.strata.application.learning.LearningEvent;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.trading.HistorySyncService;
import dev.strata.application.trading.NoTradeHistorySource;
import dev.strata.application.trading.TradeMirrorService;
import dev.strata.application.trading.TradingEvents;
import dev.strata.application.trading.TradingLimits;
import dev.strata.application.trading.TradingProfileService;
import dev.strata.application.trading.TradingTools;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.BackgroundThread;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.learning.LearningModule;
import dev.strata.domain.trading.PerpsFillStore;
import dev.strata.domain.trading.SpotActivityStore;
import dev.strata.domain.trading.TradeHistorySource;
import dev.strata.bootstrap.access.AccessModule;

import java.time.Clock;
import java.util.List;

/**
 * The off-agent trade mirror: its stores, pushes, the 30-day profile, {@code search_user_trades},
 * and the history sync — over HTTP when a source URL is configured, else a no-op that says so.
 * An in-session trade ({@code trade:recorded}) schedules a throttled sync on the module's own
 * background thread; the safety tick is a job.
 */
public final class TradingModule implements AreaModule {


    private final PerpsFillStore fills;
    private final SpotActivityStore spot;
    private final TradingEvents events;
    private final TradeMirrorService mirror;
    private final TradingProfileService profile;
    private final HistorySyncService sync;
    private final TradingLimits limits;
    private final BackgroundThread background;
    private final List<Job> jobs;

    private TradingModule(PerpsFillStore fills, SpotActivityStore spot, TradingEvents events, TradeMirrorService mirror,
                          TradingProfileService profile, HistorySyncService sync, TradingLimits limits,
                          BackgroundThread background, List<Job> jobs) {
        this.fills = fills;
        this.spot = spot;
        this.events = events;
        this.mirror = mirror;
        this.profile = profile;
        this.sync = sync;
        this.limits = limits;
        this.background = background;
        this.jobs = List.copyOf(jobs);
    }

    public static TradingModule wire(SqliteDatabase db, TradingSettings settings, LearningModule learning,
                                     AccessModule access, Clock clock) {
        SqlitePerpsFillStore fills = new SqlitePerpsFillStore(db);
        SqliteSpotActivityStore spot = new SqliteSpotActivityStore(db);
        SqliteSyncStateStore states = new SqliteSyncStateStore(db);
        TradingEvents events = new TradingEvents();
        TradeMirrorService mirror = new TradeMirrorService(fills, spot, states, events, clock, settings.limits(),
                access.secrets(), access.auditLog());
        TradingProfileService profile = new TradingProfileService(fills, clock, settings.limits());
        TradeHistorySource source = settings.source().<TradeHistorySource>map(HttpTradeHistorySource::new)
                .orElseGet(NoTradeHistorySource::new);
        BackgroundThread background = new BackgroundThread("strata-history-sync");
        HistorySyncService sync = new HistorySyncService(source, states, mirror, clock, settings.sync(),
                background.executor());
        // spec 04: when the agent records a trade the user is likely active elsewhere too.
        learning.events().addListener(event -> {
            if (event instanceof LearningEvent.TradeRecorded) {
                sync.scheduleSync(event.tenant());
            }
        });
        List<Job> jobs = sync.isEnabled() ? List.of(Job.every(settings.sync().safetyTick(),
                "safety tick of the off-agent history sync", sync::runIfStale)) : List.of();
        return new TradingModule(fills, spot, events, mirror, profile, sync, settings.limits(), background, jobs);
    }

    public TradeMirrorService mirror() {
        return mirror;
    }

    public TradingProfileService profile() {
        return profile;
    }

    public HistorySyncService sync() {
        return sync;
    }

    /** {@code perps_fills:recorded} and {@code external_spot:recorded}, for the personalization rebuilder. */
    public TradingEvents events() {
        return events;
    }

    public PerpsFillStore fills() {
        return fills;
    }

    public SpotActivityStore spot() {
        return spot;
    }

    /** {@code search_user_trades}. */
    public List<ToolDefinition> tools() {
        return TradingTools.definitions(profile, limits);
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
