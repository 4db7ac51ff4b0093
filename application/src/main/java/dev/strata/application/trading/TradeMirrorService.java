package dev.strata.application.trading;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.PerpsFill;
import dev.strata.domain.trading.PerpsFillStore;
import dev.strata.domain.trading.SpotActivity;
import dev.strata.domain.trading.SpotActivityInput;
import dev.strata.domain.trading.SpotActivityStore;
import dev.strata.domain.trading.SyncKey;
import dev.strata.domain.trading.SyncState;
import dev.strata.domain.trading.SyncStateStore;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writes to the off-agent mirror, for deployments that push their users' fills themselves and for
 * the history sync. Every row goes through the same normalisation ({@link FillInput#toFill}); a
 * pushed batch is checked whole first (errors name the element, {@code fills[3].size}). Inserts
 * skip rows the mirror already holds and answer how many were new; new rows are announced as
 * {@code perps_fills:recorded} / {@code external_spot:recorded} after the commit.
 */
public final class TradeMirrorService {

    private final PerpsFillStore fills;
    private final SpotActivityStore spot;
    private final SyncStateStore states;
    private final TradingEvents events;
    private final Clock clock;
    private final TradingLimits settings;
    private final CredentialScrubber scrubber;
    private final AuditTrail audit;

    /** Who the history sync's writes are audited as. */
    public static final Actor SYNC = Actor.system("trade-sync");

    /** For tests that do not read the audit trail or the scrubber. */
    public TradeMirrorService(PerpsFillStore fills, SpotActivityStore spot, SyncStateStore states, TradingEvents events,
                              Clock clock, TradingLimits settings) {
        this(fills, spot, states, events, clock, settings, new CredentialScrubber(), AuditTrail.DISCARDED);
    }

    /** For tests that do not read the audit trail. */
    public TradeMirrorService(PerpsFillStore fills, SpotActivityStore spot, SyncStateStore states, TradingEvents events,
                              Clock clock, TradingLimits settings, CredentialScrubber scrubber) {
        this(fills, spot, states, events, clock, settings, scrubber, AuditTrail.DISCARDED);
    }

    /**
     * @param scrubber the vault's scrubber: a row's raw JSON is stored with every registered secret
     *                 replaced; its identifiers and labels (symbol, oid, wallet, dir, tx hash, tokens) name
     *                 things, so a row holding a secret in one of them is refused
     * @param audit    the one audit log: a push or a sync that stored new rows is recorded with its actor
     */
    public TradeMirrorService(PerpsFillStore fills, SpotActivityStore spot, SyncStateStore states, TradingEvents events,
                              Clock clock, TradingLimits settings, CredentialScrubber scrubber, AuditLog audit) {
        this.audit = new AuditTrail(audit);
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.fills = Objects.requireNonNull(fills, "fills");
        this.spot = Objects.requireNonNull(spot, "spot");
        this.states = Objects.requireNonNull(states, "states");
        this.events = Objects.requireNonNull(events, "events");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public TradingEvents events() {
        return events;
    }

    /** {@link #recordPerpsFills(Tenant, List, Actor)} by an unnamed actor (tests of the mirror rules). */
    public int recordPerpsFills(Tenant tenant, List<FillInput> inputs) {
        return recordPerpsFills(tenant, inputs, Actor.UNKNOWN);
    }

    /**
     * {@code POST /v1/trading/perps-fills}: each fill names its sub-account. Returns how many were new. A
     * push that stored new fills is one {@code trade_mirror.push} entry by {@code actor} (subject
     * {@code perps_fills}) counting them; a push of fills already held changed nothing and is not audited.
     */
    public int recordPerpsFills(Tenant tenant, List<FillInput> inputs, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        List<PerpsFill> batch = checked("fills", inputs, input -> secretSafe(input.toFill(tenant, Optional.empty())));
        int inserted = storeFills(tenant, batch);
        pushed(tenant, "perps_fills", "fill", batch.size(), inserted, actor);
        return inserted;
    }

    /** {@link #recordSpotActivities(Tenant, List, Actor)} by an unnamed actor (tests of the mirror rules). */
    public int recordSpotActivities(Tenant tenant, List<SpotActivityInput> inputs) {
        return recordSpotActivities(tenant, inputs, Actor.UNKNOWN);
    }

    /** {@code POST /v1/trading/spot-activities}. Returns how many were new; audited as fills are (subject {@code external_spot}). */
    public int recordSpotActivities(Tenant tenant, List<SpotActivityInput> inputs, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        List<SpotActivity> batch = checked("activities", inputs, input -> secretSafe(input.toActivity(tenant)));
        int inserted = storeSpot(tenant, batch);
        pushed(tenant, "external_spot", "activity", batch.size(), inserted, actor);
        return inserted;
    }

    private void pushed(Tenant tenant, String subject, String noun, int sent, int inserted, Actor actor) {
        if (inserted > 0) {
            audit.record(new AuditEntry(tenant, "trade_mirror.push", subject, inserted + " new "
                    + (inserted == 1 ? noun : plural(noun)) + " of " + sent + " pushed", actor, clock.instant()));
        }
    }

    private static String plural(String noun) {
        return noun.endsWith("y") ? noun.substring(0, noun.length() - 1) + "ies" : noun + "s";
    }

    /**
     * The history sync stored rows for {@code key}: one {@code trade_mirror.sync} entry by {@link #SYNC}
     * (subject {@code sync:<source>[/<sub-account>]}) counting them; a run that stored nothing is not audited.
     */
    void synced(Tenant tenant, SyncKey key, int pages, int inserted, int rejected) {
        if (inserted > 0) {
            audit.record(new AuditEntry(tenant, "trade_mirror.sync", "sync:" + key.source().wireName()
                    + (key.subAccount().isNone() ? "" : "/" + key.subAccount().value()), inserted + " new row"
                    + (inserted == 1 ? "" : "s") + " over " + pages + " page" + (pages == 1 ? "" : "s")
                    + (rejected > 0 ? ", " + rejected + " rejected" : ""), SYNC, clock.instant()));
        }
    }

    /** The tenant's sync watermarks, by source then sub-account. */
    public List<SyncState> syncState(Tenant tenant) {
        return states.list(tenant);
    }

    int storeFills(Tenant tenant, List<PerpsFill> batch) {
        int inserted = fills.insertAll(tenant, batch, clock.instant());
        if (inserted > 0) {
            events.publish(new TradingEvent.PerpsFillsRecorded(tenant, inserted));
        }
        return inserted;
    }

    int storeSpot(Tenant tenant, List<SpotActivity> batch) {
        int inserted = spot.insertAll(tenant, batch, clock.instant());
        if (inserted > 0) {
            events.publish(new TradingEvent.ExternalSpotRecorded(tenant, inserted));
        }
        return inserted;
    }

    /**
     * The fill as it may be stored: raw JSON redacted (its uid was derived from the JSON as sent, so a
     * fill sent again before and after a secret was set is still one fill); a secret in an identifier or
     * label refuses the row, naming the field.
     */
    PerpsFill secretSafe(PerpsFill f) {
        refuseSecret("sub_account_id", f.subAccount().value());
        f.walletAddress().ifPresent(w -> refuseSecret("wallet_address", w));
        refuseSecret("oid", f.oid());
        refuseSecret("symbol", f.symbol());
        f.dir().ifPresent(d -> refuseSecret("dir", d));
        Optional<String> raw = redacted(f.tenant(), f.rawJson());
        return raw.equals(f.rawJson()) ? f : new PerpsFill(f.tenant(), f.subAccount(), f.walletAddress(), f.oid(), f.at(),
                f.symbol(), f.side(), f.dir(), f.size(), f.price(), f.fee(), f.closedPnl(), raw, f.uid());
    }

    /** The spot activity as it may be stored, by the same rules as {@link #secretSafe(PerpsFill)}. */
    SpotActivity secretSafe(SpotActivity a) {
        refuseSecret("tx_hash", a.txHash());
        a.fromToken().ifPresent(t -> refuseSecret("from_token", t));
        a.toToken().ifPresent(t -> refuseSecret("to_token", t));
        Optional<String> raw = redacted(a.tenant(), a.rawJson());
        return raw.equals(a.rawJson()) ? a : new SpotActivity(a.tenant(), a.txHash(), a.at(), a.type(), a.fromToken(),
                a.toToken(), a.amount(), a.valueUsd(), a.status(), raw);
    }

    private void refuseSecret(String field, String value) {
        if (scrubber.containsSecret(value)) {
            throw new InvalidInputException(field, "must not contain a vault secret");
        }
    }

    /** The label holds no character JSON escapes, so a secret inside a JSON string leaves a valid string. */
    private Optional<String> redacted(Tenant tenant, Optional<String> rawJson) {
        return rawJson.map(json -> scrubber.containsSecret(json) ? scrubber.redactFor(tenant, json) : json);
    }

    private <I, T> List<T> checked(String field, List<I> inputs, Function<I, T> check) {
        if (inputs.isEmpty()) {
            throw new InvalidInputException(field, "must contain at least one item");
        }
        if (inputs.size() > settings.maxBatchSize()) {
            throw new InvalidInputException(field, "must contain at most " + settings.maxBatchSize() + " items");
        }
        List<T> out = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            try {
                out.add(check.apply(inputs.get(i)));
            } catch (InvalidInputException e) {
                throw new InvalidInputException(field + "[" + i + "]." + e.field(), e.reason());
            }
        }
        return out;
    }
}
