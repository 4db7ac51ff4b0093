package dev.strata.adapters.http;

import dev.strata.application.access.AccessService;
import dev.strata.application.idempotency.IdempotencyService;
import dev.strata.domain.vault.CredentialScrubber;
import io.helidon.health.HealthCheck;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What the gateway itself needs around every resource: {@code access} verifies API keys,
 * {@code scrubber} redacts registered secrets from every response body, {@code storageReady}
 * answers the readiness check, and {@code storageUnavailable} tells a storage outage (disk full,
 * read-only, I/O error: answered 503) from a defect (500). {@code healthChecks} are reported in
 * {@code GET /observe/health} after the storage check, each named (the model circuit, the embedding
 * backlog). {@code idempotency} serves the {@code Idempotency-Key} header of every write.
 * {@code storageRetryAfter} tells, of such an outage, when a retry may work (contention: a lock held past the
 * busy timeout), for the answer's {@code Retry-After}; empty for a full or failing disk.
 */
public record GatewayCore(AccessService access, CredentialScrubber scrubber, BooleanSupplier storageReady,
                          Predicate<Throwable> storageUnavailable, List<HealthCheck> healthChecks,
                          IdempotencyService idempotency, Function<Throwable, Optional<Duration>> storageRetryAfter) {

    public GatewayCore {
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(scrubber, "scrubber");
        Objects.requireNonNull(storageReady, "storageReady");
        Objects.requireNonNull(storageUnavailable, "storageUnavailable");
        healthChecks = List.copyOf(healthChecks);
        Objects.requireNonNull(idempotency, "idempotency");
        Objects.requireNonNull(storageRetryAfter, "storageRetryAfter");
    }

    /** Without retry hints for storage outages. */
    public GatewayCore(AccessService access, CredentialScrubber scrubber, BooleanSupplier storageReady,
                       Predicate<Throwable> storageUnavailable, List<HealthCheck> healthChecks,
                       IdempotencyService idempotency) {
        this(access, scrubber, storageReady, storageUnavailable, healthChecks, idempotency, failure -> Optional.empty());
    }

    /** With no health check beside storage. */
    public GatewayCore(AccessService access, CredentialScrubber scrubber, BooleanSupplier storageReady,
                       Predicate<Throwable> storageUnavailable, IdempotencyService idempotency) {
        this(access, scrubber, storageReady, storageUnavailable, List.of(), idempotency);
    }
}
