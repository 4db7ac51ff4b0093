package dev.strata.domain.role;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Driven port: a {@code custom} outcome probe, registered under an id in the {@link ProbeRegistry}
 * (an HTTP callback, or an embedder's own implementation). It only reads: it answers whether the
 * decision was right and never changes anything.
 */
public interface OutcomeProbe {

    /**
     * The outcome of the entry's decision, or empty when it cannot be told yet.
     *
     * @throws dev.strata.domain.error.DomainException (typically {@code UnavailableException}) when the probe
     *                                                 failed; the entry stays pending with the reason
     */
    Optional<Outcome> measure(Request request);

    /** What a probe is asked about. */
    record Request(RoleMemoryEntry entry, RoleDefinition role, Instant now) {
        public Request {
            Objects.requireNonNull(entry, "entry");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(now, "now");
        }
    }
}
