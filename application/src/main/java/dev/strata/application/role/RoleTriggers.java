package dev.strata.application.role;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.CronExpression;
import dev.strata.domain.role.PricePoint;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryStore;
import dev.strata.domain.role.RoleRegistry;
import dev.strata.domain.role.Trigger;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The three reflection triggers of spec 05, each one use case that starts reflections on an
 * executor (so a write or a price push never waits for a model):
 *
 * <ul>
 *   <li>{@code on_new_write}: a recorded entry wakes its role's pending entries ({@link #recorded});
 *   <li>{@code on_price_fetch}: a pushed or fetched price of an asset wakes that asset's pending
 *       entries of every role with the trigger ({@link #priceObserved});
 *   <li>{@code cron}: a job calls {@link #cronTick} about once a minute; each role whose expression
 *       fired since the previous tick is reflected for every tenant with pending entries.
 * </ul>
 *
 * Races between triggers are the reflector's per-role lock's business: a second start drops.
 */
public final class RoleTriggers implements RoleMemoryListener {

    private static final System.Logger LOG = System.getLogger(RoleTriggers.class.getName());

    /** A reflection the triggers started. */
    public record Started(Tenant tenant, RoleId role, Optional<Asset> asset) {
    }

    private final RoleRegistry registry;
    private final RoleMemoryStore store;
    private final RoleReflector reflector;
    private final Executor executor;
    private final ZoneId cronZone;
    private final AtomicReference<Instant> lastTick = new AtomicReference<>();

    /**
     * @param cronZone the zone cron expressions are read in ({@code 0 6 * * *} is six in the morning there)
     */
    public RoleTriggers(RoleRegistry registry, RoleMemoryStore store, RoleReflector reflector, Executor executor,
                        ZoneId cronZone) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.store = Objects.requireNonNull(store, "store");
        this.reflector = Objects.requireNonNull(reflector, "reflector");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.cronZone = Objects.requireNonNull(cronZone, "cronZone");
    }

    /** {@code on_new_write}. */
    @Override
    public void recorded(RoleMemoryEntry entry) {
        registry.find(entry.role()).filter(r -> r.policy().has(Trigger.ON_NEW_WRITE))
                .ifPresent(r -> start(new Started(entry.tenant(), r.id(), Optional.empty())));
    }

    /** {@code on_price_fetch}: returns the reflections it started (one per role with pending entries on the asset). */
    public List<Started> priceObserved(Tenant tenant, Asset asset) {
        List<Started> started = new ArrayList<>();
        for (RoleId role : store.rolesPendingOn(tenant, asset)) {
            if (registry.find(role).filter(r -> r.policy().has(Trigger.ON_PRICE_FETCH)).isPresent()) {
                Started s = new Started(tenant, role, Optional.of(asset));
                start(s);
                started.add(s);
            }
        }
        return started;
    }

    /** The same, for a price a feed fetched. */
    public void priceFetched(Tenant tenant, PricePoint point) {
        priceObserved(tenant, point.asset());
    }

    /**
     * {@code cron}: the roles whose expression fired since the previous tick (in the current minute, on
     * the first tick), each for every tenant with pending entries. Counting from the previous tick
     * rather than matching the current minute means a late or skipped tick still fires once, and two
     * ticks in one minute fire once.
     */
    public List<Started> cronTick(Instant now) {
        Instant previous = lastTick.getAndSet(now);
        if (previous != null && !previous.isBefore(now)) {
            return List.of();
        }
        ZonedDateTime from = (previous == null ? now.minus(1, ChronoUnit.MINUTES) : previous).atZone(cronZone);
        ZonedDateTime until = now.atZone(cronZone);
        List<Started> started = new ArrayList<>();
        for (RoleDefinition role : registry.withTrigger(Trigger.CRON)) {
            Optional<CronExpression> cron = role.policy().cronExpr();
            if (cron.isPresent() && cron.get().nextAfter(from).filter(next -> !next.isAfter(until)).isPresent()) {
                for (Tenant tenant : store.tenantsWithPending(role.id())) {
                    Started s = new Started(tenant, role.id(), Optional.empty());
                    start(s);
                    started.add(s);
                }
            }
        }
        return started;
    }

    /**
     * Reflects every declared role's pending entries for every tenant that has some, now and on the
     * caller's thread (the doctor's opt-in {@code reflect_pending}; it spends model tokens). A role
     * already being reflected reports itself dropped.
     */
    public List<ReflectionReport> reflectPending() {
        List<ReflectionReport> reports = new ArrayList<>();
        for (RoleDefinition role : registry.all()) {
            for (Tenant tenant : store.tenantsWithPending(role.id())) {
                reports.add(reflector.reflect(tenant, role.id()));
            }
        }
        return reports;
    }

    private void start(Started s) {
        executor.execute(() -> {
            try {
                ReflectionReport report = reflector.reflect(s.tenant(), s.role(), s.asset());
                LOG.log(System.Logger.Level.DEBUG, "reflection of {0} for {1}: {2}", s.role(), s.tenant(),
                        report.message());
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "reflection of " + s.role() + " for " + s.tenant() + " failed", e);
            }
        });
    }
}
