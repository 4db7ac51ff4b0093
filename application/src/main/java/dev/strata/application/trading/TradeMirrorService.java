package dev.strata.application.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.PerpsFill;
import dev.strata.domain.trading.PerpsFillStore;
import dev.strata.domain.trading.SpotActivity;
import dev.strata.domain.trading.SpotActivityInput;
import dev.strata.domain.trading.SpotActivityStore;
import dev.strata.domain.trading.SyncState;
import dev.strata.domain.trading.SyncStateStore;

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

    public TradeMirrorService(PerpsFillStore fills, SpotActivityStore spot, SyncStateStore states, TradingEvents events,
                              Clock clock, TradingLimits settings) {
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

    /** {@code POST /v1/trading/perps-fills}: each fill names its sub-account. Returns how many were new. */
    public int recordPerpsFills(Tenant tenant, List<FillInput> inputs) {
        return storeFills(tenant, checked("fills", inputs, input -> input.toFill(tenant, Optional.empty())));
    }

    /** {@code POST /v1/trading/spot-activities}. Returns how many were new. */
    public int recordSpotActivities(Tenant tenant, List<SpotActivityInput> inputs) {
        return storeSpot(tenant, checked("activities", inputs, input -> input.toActivity(tenant)));
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
