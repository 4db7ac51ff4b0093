package dev.strata.application.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.PerpsFill;
import dev.strata.domain.trading.SpotActivity;
import dev.strata.domain.trading.SpotActivityInput;
import dev.strata.domain.trading.SubAccountId;
import dev.strata.domain.trading.SyncKey;
import dev.strata.domain.trading.SyncSource;
import dev.strata.domain.trading.SyncState;
import dev.strata.domain.trading.SyncStateStore;
import dev.strata.domain.trading.TradeHistorySource;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * spec 04's {@code MinaraHistorySync}: pulls the off-agent history into the mirror. Three triggers:
 * <ul>
 * <li>{@link #scheduleSync} — an agent trade was recorded, so the user is likely active elsewhere
 *     too; throttled to one run per tenant per {@code minInterval}, run in the background;</li>
 * <li>{@link #runIfStale} — the safety tick, so a missed event never strands the mirror;</li>
 * <li>{@link #runOnce} — a forced refresh: bypasses the throttle and probes even skipped keys.</li>
 * </ul>
 * Each (source, sub-account) is synced on its own: pages are fetched oldest first from its
 * watermark, stored (duplicates ignored) and, only when every page arrived, the watermark moves to
 * the newest time stored. A failure records one more consecutive failure on that key alone; after
 * {@code maxFailures} the key is skipped until the cooldown since its last sync has passed, then
 * probed; a success resets it. Rows the source sends that fail validation are counted and left out
 * rather than blocking the key for ever. The sync only ever degrades to "0 rows added".
 */
public final class HistorySyncService {

    private static final System.Logger LOG = System.getLogger(HistorySyncService.class.getName());
    /** The longest error text kept on a sync-state row. */
    static final int MAX_ERROR_CHARS = 500;

    private final TradeHistorySource source;
    private final SyncStateStore states;
    private final TradeMirrorService mirror;
    private final Clock clock;
    private final HistorySyncSettings settings;
    private final Executor background;
    private final Map<Tenant, Instant> lastRun = new ConcurrentHashMap<>();
    private final Map<Tenant, ReentrantLock> locks = new ConcurrentHashMap<>();

    public HistorySyncService(TradeHistorySource source, SyncStateStore states, TradeMirrorService mirror, Clock clock,
                              HistorySyncSettings settings, Executor background) {
        this.source = Objects.requireNonNull(source, "source");
        this.states = Objects.requireNonNull(states, "states");
        this.mirror = Objects.requireNonNull(mirror, "mirror");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.background = Objects.requireNonNull(background, "background");
    }

    public boolean isEnabled() {
        return source.isEnabled();
    }

    public HistorySyncSettings settings() {
        return settings;
    }

    /** The tenant's watermark rows, each with whether normal scheduling skips it at this moment. */
    public SyncStatus status(Tenant tenant) {
        Instant now = clock.instant();
        return new SyncStatus(source.isEnabled(), states.list(tenant).stream()
                .map(s -> new SyncStatus.KeyState(s, s.skipped(now, settings.maxFailures(), settings.failureCooldown())))
                .toList());
    }

    /**
     * The trade-event trigger: starts a background run unless the tenant ran within
     * {@code minInterval} (bursts collapse into one run). True when a run was started.
     */
    public boolean scheduleSync(Tenant tenant) {
        if (!source.isEnabled() || !claim(tenant)) {
            return false;
        }
        background.execute(() -> {
            try {
                run(tenant, false, false);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "background history sync failed for tenant " + tenant, e);
            }
        });
        return true;
    }

    /** The safety tick: every known tenant (configured, or synced before) not run within {@code minInterval}. */
    public List<SyncReport> runIfStale() {
        if (!source.isEnabled()) {
            return List.of();
        }
        Set<Tenant> tenants = new LinkedHashSet<>(settings.tenants());
        tenants.addAll(states.tenants());
        List<SyncReport> reports = new ArrayList<>();
        for (Tenant tenant : tenants) {
            if (claim(tenant)) {
                reports.add(run(tenant, false, false));
            }
        }
        return reports;
    }

    /** The forced refresh: runs now whatever the throttle, probing skipped keys too; waits for a running sync. */
    public SyncReport runOnce(Tenant tenant) {
        if (!source.isEnabled()) {
            return SyncReport.notRun(tenant, "no trade history source is configured");
        }
        lastRun.put(tenant, clock.instant());
        return run(tenant, true, true);
    }

    /** Takes the tenant's throttle slot when {@code minInterval} has passed since its last run. */
    private boolean claim(Tenant tenant) {
        Instant now = clock.instant();
        AtomicBoolean claimed = new AtomicBoolean();
        lastRun.compute(tenant, (t, last) -> {
            if (last != null && now.isBefore(last.plus(settings.minInterval()))) {
                return last;
            }
            claimed.set(true);
            return now;
        });
        return claimed.get();
    }

    private SyncReport run(Tenant tenant, boolean forced, boolean wait) {
        ReentrantLock lock = locks.computeIfAbsent(tenant, t -> new ReentrantLock());
        if (wait) {
            lock.lock();
        } else if (!lock.tryLock()) {
            return SyncReport.notRun(tenant, "a sync of this tenant is already running");
        }
        try {
            return syncTenant(tenant, forced);
        } finally {
            lock.unlock();
        }
    }

    private SyncReport syncTenant(Tenant tenant, boolean forced) {
        List<SyncReport.KeyReport> reports = new ArrayList<>();
        Optional<String> note = Optional.empty();
        List<SubAccountId> subs;
        try {
            subs = source.subAccounts(tenant);
        } catch (RuntimeException e) {
            // The list failed, not a key: the sub-accounts synced before still get their turn.
            note = Optional.of("could not list the sub-accounts: " + describe(e));
            subs = states.list(tenant).stream().map(SyncState::key)
                    .filter(k -> k.source() == SyncSource.PERPS_FILLS).map(SyncKey::subAccount).toList();
        }
        for (SubAccountId sub : subs.stream().distinct().sorted(Comparator.comparing(SubAccountId::value)).toList()) {
            if (!sub.isNone()) {
                reports.add(syncKey(tenant, SyncKey.perps(sub), forced));
            }
        }
        reports.add(syncKey(tenant, SyncKey.spot(), forced));
        return new SyncReport(tenant, true, note, reports);
    }

    private SyncReport.KeyReport syncKey(Tenant tenant, SyncKey key, boolean forced) {
        Instant now = clock.instant();
        Optional<SyncState> state = states.find(tenant, key);
        if (!forced && state.isPresent() && state.get().skipped(now, settings.maxFailures(), settings.failureCooldown())) {
            return new SyncReport.KeyReport(key, SyncReport.Status.SKIPPED, 0, 0, 0, 0,
                    state.get().lastError().map(e -> state.get().consecutiveFailures() + " consecutive failures, last: " + e));
        }
        Optional<Instant> since = state.flatMap(SyncState::watermark);
        Fetch fetch = new Fetch();
        try {
            Optional<String> cursor = Optional.empty();
            do {
                cursor = key.source() == SyncSource.PERPS_FILLS
                        ? fillsPage(tenant, key.subAccount(), since, cursor, fetch)
                        : spotPage(tenant, since, cursor, fetch);
                fetch.pages++;
            } while (cursor.isPresent() && fetch.pages < settings.maxPages());
            states.recordSuccess(tenant, key, fetch.newest, clock.instant());
            mirror.synced(tenant, key, fetch.pages, fetch.inserted, fetch.rejected);
            return new SyncReport.KeyReport(key, SyncReport.Status.SYNCED, fetch.pages, fetch.fetched, fetch.inserted,
                    fetch.rejected, Optional.empty());
        } catch (RuntimeException e) {
            String error = describe(e);
            LOG.log(System.Logger.Level.WARNING, "history sync of {0} for tenant {1} failed: {2}", key, tenant, error);
            try {
                states.recordFailure(tenant, key, error, clock.instant());
            } catch (RuntimeException stateFailure) {
                LOG.log(System.Logger.Level.WARNING, "could not record the sync failure of " + key, stateFailure);
            }
            // Pages stored before the failure are in the mirror: they are audited like a finished run's.
            mirror.synced(tenant, key, fetch.pages, fetch.inserted, fetch.rejected);
            return new SyncReport.KeyReport(key, SyncReport.Status.FAILED, fetch.pages, fetch.fetched, fetch.inserted,
                    fetch.rejected, Optional.of(error));
        }
    }

    /** What one key's run has seen so far. */
    private static final class Fetch {
        int pages;
        int fetched;
        int inserted;
        int rejected;
        Optional<Instant> newest = Optional.empty();

        void saw(Instant at) {
            if (newest.isEmpty() || at.isAfter(newest.get())) {
                newest = Optional.of(at);
            }
        }
    }

    private Optional<String> fillsPage(Tenant tenant, SubAccountId sub, Optional<Instant> since, Optional<String> cursor,
                                       Fetch fetch) {
        TradeHistorySource.Page<FillInput> page = source.perpsFills(tenant, sub, since, cursor);
        List<PerpsFill> valid = new ArrayList<>(page.items().size());
        for (FillInput input : page.items()) {
            fetch.fetched++;
            try {
                valid.add(mirror.secretSafe(input.toFill(tenant, Optional.of(sub))));
            } catch (InvalidInputException e) {
                fetch.rejected++;
                LOG.log(System.Logger.Level.WARNING, "history source sent a fill for {0} that was left out: {1}", sub,
                        e.getMessage());
            }
        }
        fetch.inserted += mirror.storeFills(tenant, valid);
        valid.forEach(f -> fetch.saw(f.at()));
        return page.nextCursor();
    }

    private Optional<String> spotPage(Tenant tenant, Optional<Instant> since, Optional<String> cursor, Fetch fetch) {
        TradeHistorySource.Page<SpotActivityInput> page = source.spotActivities(tenant, since, cursor);
        List<SpotActivity> valid = new ArrayList<>(page.items().size());
        for (SpotActivityInput input : page.items()) {
            fetch.fetched++;
            try {
                valid.add(mirror.secretSafe(input.toActivity(tenant)));
            } catch (InvalidInputException e) {
                fetch.rejected++;
                LOG.log(System.Logger.Level.WARNING, "history source sent a spot activity that was left out: {0}",
                        e.getMessage());
            }
        }
        fetch.inserted += mirror.storeSpot(tenant, valid);
        valid.forEach(a -> fetch.saw(a.at()));
        return page.nextCursor();
    }

    private static String describe(RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String line = message.replaceAll("[\\r\\n\\u2028\\u2029]+", " ").strip();
        return line.length() > MAX_ERROR_CHARS ? line.substring(0, MAX_ERROR_CHARS) : line;
    }
}
