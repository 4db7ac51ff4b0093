package dev.strata.application.trading;

import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/** New mirror rows were committed; the personalization rebuilder listens (spec 01). */
public sealed interface TradingEvent {

    Tenant tenant();

    /** How many rows were new. */
    int inserted();

    /** The spec's event name. */
    String name();

    /** spec 01's {@code perps_fills:recorded}. */
    record PerpsFillsRecorded(Tenant tenant, int inserted) implements TradingEvent {
        public PerpsFillsRecorded {
            Objects.requireNonNull(tenant, "tenant");
        }

        @Override
        public String name() {
            return "perps_fills:recorded";
        }
    }

    /** spec 01's {@code external_spot:recorded}. */
    record ExternalSpotRecorded(Tenant tenant, int inserted) implements TradingEvent {
        public ExternalSpotRecorded {
            Objects.requireNonNull(tenant, "tenant");
        }

        @Override
        public String name() {
            return "external_spot:recorded";
        }
    }
}
