package dev.strata.adapters.http;

import dev.strata.application.access.AccessService;
import dev.strata.application.idempotency.IdempotencyService;
import dev.strata.domain.vault.CredentialScrubber;
import io.helidon.health.HealthCheck;

import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * What the gateway itself needs around every resource: {@code access} verifies API keys,
 * {@code scrubber} redacts registered secrets from every response body, {@code storageReady}
 * answers the readiness check, and {@code storageUnavailable} tells a storage outage (disk full,
 * read-only, I/O error: answered 503) from a defect (500). {@code idempotency} serves the
 * {@code Idempotency-Key} header of every write. {@code healthChecks} are the checks
 * {@code /observe/health} names after {@code storage} (the model circuit, the embedding backlog).
 */
public record GatewayCore(AccessService access, CredentialScrubber scrubber, BooleanSupplier storageReady,
                          Predicate<Throwable> storageUnavailable, IdempotencyService idempotency,
                          List<HealthCheck> healthChecks) {

    public GatewayCore {
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(scrubber, "scrubber");
        Objects.requireNonNull(storageReady, "storageReady");
        Objects.requireNonNull(storageUnavailable, "storageUnavailable");
        Objects.requireNonNull(idempotency, "idempotency");
        healthChecks = List.copyOf(healthChecks);
    }

    /** Without health checks beyond storage. */
    public GatewayCore(AccessService access, CredentialScrubber scrubber, BooleanSupplier storageReady,
                       Predicate<Throwable> storageUnavailable, IdempotencyService idempotency) {
        this(access, scrubber, storageReady, storageUnavailable, idempotency, List.of());
    }
}
