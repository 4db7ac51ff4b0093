package dev.strata.bootstrap.retrieval;

import io.helidon.metrics.api.Gauge;
import io.helidon.metrics.api.Meter;
import io.helidon.metrics.api.MeterRegistry;
import io.helidon.metrics.api.Metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Gauges in the global registry, which {@code /observe/metrics} serves: a gauge of the same name from an earlier
 * server in this JVM is replaced, a reading that throws reports NaN, and {@link #close} removes them all.
 */
public final class RegisteredGauges implements AutoCloseable {

    private final List<Meter> registered = new ArrayList<>();

    /** Registers (or replaces) the gauge {@code name}. */
    public synchronized RegisteredGauges add(String name, String description, Supplier<Number> value) {
        MeterRegistry registry = Metrics.globalRegistry();
        registry.remove(name, List.of());
        registered.add(registry.getOrCreate(Gauge.builder(name, () -> {
            try {
                return value.get().doubleValue();
            } catch (RuntimeException e) {
                return Double.NaN;
            }
        }).description(description)));
        return this;
    }

    @Override
    public synchronized void close() {
        MeterRegistry registry = Metrics.globalRegistry();
        registered.forEach(registry::remove);
        registered.clear();
    }
}
