package dev.strata.adapters.http;

import dev.strata.application.access.AccessService;
import dev.strata.domain.vault.CredentialScrubber;

import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * What the gateway itself needs around every resource: {@code access} verifies API keys,
 * {@code scrubber} redacts registered secrets from every response body, {@code storageReady}
 * answers the readiness check, and {@code storageUnavailable} tells a storage outage (disk full,
 * read-only, I/O error: answered 503) from a defect (500).
 */
public record GatewayCore(AccessService access, CredentialScrubber scrubber, BooleanSupplier storageReady,
                          Predicate<Throwable> storageUnavailable) {

    public GatewayCore {
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(scrubber, "scrubber");
        Objects.requireNonNull(storageReady, "storageReady");
        Objects.requireNonNull(storageUnavailable, "storageUnavailable");
    }
}
