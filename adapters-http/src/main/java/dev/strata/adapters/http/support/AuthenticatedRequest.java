package dev.strata.adapters.http.support;

import dev.strata.domain.access.Principal;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/** Put in the request context by the authentication filter: the verified key and the tenant it acts in. */
public record AuthenticatedRequest(Principal principal, Tenant tenant) {

    public AuthenticatedRequest {
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(tenant, "tenant");
        if (!principal.mayActIn(tenant)) {
            throw new IllegalArgumentException("key " + principal.keyId() + " may not act in " + tenant);
        }
    }
}
