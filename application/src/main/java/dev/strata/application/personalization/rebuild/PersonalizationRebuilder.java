package dev.strata.application.personalization.rebuild;

import dev.strata.application.memory.MemoryService;
import dev.strata.application.personalization.PersonalizationService;
import dev.strata.application.personalization.StrategyRunService;
import dev.strata.application.trading.TradingEvent;
import dev.strata.application.trading.TradingProfileService;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.UserId;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * spec 04's personalization rebuilder: three independent flows, each with its own cooldown so one
 * slow rebuild never blocks another, and the markets updater —
 * <ul>
 * <li>{@link #rebuildMemories} (10 minutes): chat lines after the cursor become personalization memories;</li>
 * <li>{@link #rebuildTradingSummary} (30 minutes): in-session trades, perps fills and spot activity
 *     into {@code platform_wallet_summary} and {@code reference_wallets_summary};</li>
 * <li>{@link #rebuildTags} (30 days): inferred tags inside the schema, never over declared ones;</li>
 * <li>{@link #updateMarkets} (24 hours, nudged by off-agent activity): the {@code markets} tag united
 *     with what the user actually trades.</li>
 * </ul>
 * Every model call is charged to the {@code rebuild} budget category. With rebuilding switched off
 * every method is a no-op that says so; with no model the three model-backed flows are.
 */
public final class PersonalizationRebuilder {

    private static final System.Logger LOG = System.getLogger(PersonalizationRebuilder.class.getName());

    private final PersonalizationService personalization;
    private final RebuildPorts ports;
    private final RebuildPolicy settings;
    private final Executor background;
    private final MemoryRebuild memories;
    private final TradingSummaryRebuild tradingSummary;
    private final TagsRebuild tags;
    private final MarketsUpdater markets;
    private final FlowLocks locks = new FlowLocks();

    /**
     * @param personalization the profile row (cursors, cooldowns, summaries) and the tags are read and
     *                        written through it
     * @param background      where event-triggered rebuilds run, so the write that triggered them never waits
     */
    public PersonalizationRebuilder(LanguageModel model, PersonalizationService personalization,
                                    StrategyRunService strategyRuns, RebuildPorts ports, MemoryService memoryService,
                                    TradingProfileService tradingProfile, Clock clock, RebuildPolicy settings,
                                    Executor background) {
        Objects.requireNonNull(model, "model");
        this.personalization = Objects.requireNonNull(personalization, "personalization");
        Objects.requireNonNull(strategyRuns, "strategyRuns");
        this.ports = Objects.requireNonNull(ports, "ports");
        Objects.requireNonNull(memoryService, "memoryService");
        Objects.requireNonNull(tradingProfile, "tradingProfile");
        Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.background = Objects.requireNonNull(background, "background");
        FinancialProfileStore profiles = personalization.profiles();
        RebuildGate gate = new RebuildGate(model, profiles, clock, settings);
        TagWrites writes = new TagWrites(personalization);
        this.memories = new MemoryRebuild(model, profiles, ports.conversations(), memoryService, gate, clock, settings,
                personalization.scrubber());
        this.tradingSummary = new TradingSummaryRebuild(model, profiles, ports.trades(), ports.fills(), ports.spot(),
                tradingProfile, gate, clock, settings, personalization.scrubber());
        this.tags = new TagsRebuild(model, profiles, personalization, writes, memoryService, tradingProfile, gate,
                clock, settings, personalization.scrubber());
        this.markets = new MarketsUpdater(ports.fills(), strategyRuns, writes, gate, clock, settings);
    }

    public RebuildPolicy settings() {
        return settings;
    }

    /** The profile rows the rebuild keeps its cursors and cooldowns on. */
    public FinancialProfileStore profiles() {
        return personalization.profiles();
    }

    /** @param forced bypass the cooldown (a forced refresh); the flow still needs new chat lines */
    public RebuildOutcome rebuildMemories(Tenant tenant, UserId user, boolean forced) {
        return locked(RebuildOutcome.MEMORIES, tenant, user, forced, () -> memories.run(tenant, user, forced));
    }

    /** @param forced bypass the cooldown ({@code /profile refresh}); the new-items gate still applies */
    public RebuildOutcome rebuildTradingSummary(Tenant tenant, UserId user, boolean forced) {
        return locked(RebuildOutcome.TRADING_SUMMARY, tenant, user, forced,
                () -> tradingSummary.run(tenant, user, forced));
    }

    public RebuildOutcome rebuildTags(Tenant tenant, UserId user, boolean forced) {
        return locked(RebuildOutcome.TAGS, tenant, user, forced, () -> tags.run(tenant, user, forced));
    }

    /**
     * Runs {@code work} holding the user's trading-summary lock: a refresh syncs and then rebuilds
     * inside it, so the rebuilds its own sync's new rows trigger step aside instead of racing it.
     */
    public <T> T withTradingSummaryHeld(Tenant tenant, UserId user, Supplier<T> work) {
        return locks.run(RebuildOutcome.TRADING_SUMMARY, tenant, user, true, work).orElseThrow();
    }

    private RebuildOutcome locked(String flow, Tenant tenant, UserId user, boolean forced,
                                  Supplier<RebuildOutcome> work) {
        return locks.run(flow, tenant, user, forced, work).orElseGet(() -> RebuildOutcome.skipped(flow,
                "a rebuild of this flow is already running for the user"));
    }

    /** @param nudge an early run triggered by off-agent activity, gated by the nudge cooldown */
    public RebuildOutcome updateMarkets(Tenant tenant, UserId user, boolean nudge) {
        return markets.run(tenant, user, nudge);
    }

    /**
     * New mirror rows: the tenant's users' trading summaries (cooldown-gated) and, for perps fills,
     * a markets nudge, in the background.
     */
    public void onTradingEvent(TradingEvent event) {
        boolean perps = event instanceof TradingEvent.PerpsFillsRecorded;
        inBackground(event.tenant(), user -> {
            rebuildTradingSummary(event.tenant(), user, false);
            if (perps) {
                updateMarkets(event.tenant(), user, true);
            }
        });
    }

    /** spec 04: a {@code trade_history} event triggers the trading summary (cooldown-gated), in the background. */
    public void onTradeRecorded(Tenant tenant) {
        inBackground(tenant, user -> rebuildTradingSummary(tenant, user, false));
    }

    private void inBackground(Tenant tenant, java.util.function.Consumer<UserId> work) {
        if (!settings.enabled()) {
            return;
        }
        background.execute(() -> {
            for (UserId user : usersOf(tenant)) {
                try {
                    work.accept(user);
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "event-triggered rebuild failed for " + tenant + "/" + user, e);
                }
            }
        });
    }

    /** The tenant's users with a profile row; the default user when there is none yet. */
    List<UserId> usersOf(Tenant tenant) {
        List<UserId> users = personalization.profiles().users(tenant);
        return users.isEmpty() ? List.of(UserId.DEFAULT) : users;
    }
}
