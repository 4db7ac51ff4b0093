package dev.strata.application.personalization;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.CapitalMetrics;
import dev.strata.domain.personalization.CapitalMetricsStore;
import dev.strata.domain.personalization.CapitalValue;
import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.PortfolioReading;
import dev.strata.domain.personalization.PortfolioSource;
import dev.strata.domain.personalization.ProfileRef;
import dev.strata.domain.personalization.UserId;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Capital metrics (spec 04, agent-internal): {@code capital_total_usd = spot_holdings_usd +
 * perp_value_usd}, bucketed into the eight tiers. A recompute reads the {@link PortfolioSource}
 * behind a cooldown (the 24-hour job and the off-agent-activity nudges both go through it); when the
 * sources cannot be read the last value stays — never a misleading zero — and the next try comes
 * after the shorter retry interval. A deployment may also push readings, which are stored as they come.
 */
public final class CapitalService {

    private static final System.Logger LOG = System.getLogger(CapitalService.class.getName());
    /** Rows visited per page by {@link #recomputeAll()}. */
    static final int PAGE = 200;

    private final CapitalMetricsStore store;
    private final FinancialProfileStore profiles;
    private final PortfolioSource source;
    private final PersonalizationPolicy policy;
    private final Clock clock;
    private final AuditTrail audit;

    /** The actor of the 24-hour recompute job. */
    public static final Actor JOB = Actor.system("capital");

    /** For tests that do not read the audit trail. */
    public CapitalService(CapitalMetricsStore store, FinancialProfileStore profiles, PortfolioSource source,
                          PersonalizationPolicy policy, Clock clock) {
        this(store, profiles, source, policy, clock, AuditTrail.DISCARDED);
    }

    /** @param audit the one audit log: a pushed reading and a recompute that stored a value are recorded */
    public CapitalService(CapitalMetricsStore store, FinancialProfileStore profiles, PortfolioSource source,
                          PersonalizationPolicy policy, Clock clock, AuditLog audit) {
        this.audit = new AuditTrail(audit);
        this.store = Objects.requireNonNull(store, "store");
        this.profiles = Objects.requireNonNull(profiles, "profiles");
        this.source = Objects.requireNonNull(source, "source");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public Optional<CapitalMetrics> metrics(Tenant tenant, UserId user) {
        return store.find(tenant, user);
    }

    /** {@link #recompute(Tenant, UserId, Actor)} as the job. */
    public CapitalRecompute recompute(Tenant tenant, UserId user) {
        return recompute(tenant, user, JOB);
    }

    /**
     * Recomputes when the cooldown allows (the job's call, and a nudge's). A stored value is audited as
     * {@code capital.recompute} by {@code actor}; a cooldown or an unavailable source changed no value.
     */
    public CapitalRecompute recompute(Tenant tenant, UserId user, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        Instant now = clock.instant();
        if (!store.claim(tenant, user, now, now.plus(policy.capitalCooldown()))) {
            return new CapitalRecompute(CapitalRecompute.Outcome.COOLDOWN, store.find(tenant, user).orElseThrow());
        }
        PortfolioReading reading;
        try {
            reading = source.read(tenant, user);
        } catch (DomainException e) {
            // Unavailable sources and malformed readings alike: keep the last value, try again soon.
            LOG.log(System.Logger.Level.WARNING, "capital of " + tenant + "/" + user + " not recomputed: "
                    + e.getMessage());
            return new CapitalRecompute(CapitalRecompute.Outcome.UNAVAILABLE, store.recordFailure(tenant, user,
                    reason(e), now, now.plus(policy.capitalRetryAfterFailure())));
        }
        CapitalMetrics stored = store.record(tenant, user, CapitalValue.of(reading, now));
        audit.record(new AuditEntry(tenant, "capital.recompute", "capital:" + user, "recomputed from the portfolio source",
                actor, now));
        return new CapitalRecompute(CapitalRecompute.Outcome.COMPUTED, stored);
    }

    /** Stores a reading a deployment pushed (no cooldown: the data came to us), audited as {@code capital.record}. */
    public CapitalMetrics record(Tenant tenant, UserId user, PortfolioReading reading, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        Instant now = clock.instant();
        CapitalMetrics stored = store.record(tenant, user, CapitalValue.of(reading, now));
        audit.record(new AuditEntry(tenant, "capital.record", "capital:" + user, "portfolio reading pushed", actor, now));
        return stored;
    }

    /** {@link #record(Tenant, UserId, PortfolioReading, Actor)} by an unnamed actor (tests of the capital rules). */
    public CapitalMetrics record(Tenant tenant, UserId user, PortfolioReading reading) {
        return record(tenant, user, reading, Actor.UNKNOWN);
    }

    /** The 24-hour job: every user with a profile row, each behind its cooldown. Returns how many were computed. */
    public int recomputeAll() {
        int computed = 0;
        Optional<ProfileRef> after = Optional.empty();
        while (true) {
            List<ProfileRef> page = profiles.profiles(after, PAGE);
            for (ProfileRef ref : page) {
                if (recompute(ref.tenant(), ref.user(), JOB).outcome() == CapitalRecompute.Outcome.COMPUTED) {
                    computed++;
                }
            }
            if (page.size() < PAGE) {
                return computed;
            }
            after = Optional.of(page.get(page.size() - 1));
        }
    }

    private static String reason(DomainException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.length() > 500 ? m.substring(0, 500) : m;
    }
}
