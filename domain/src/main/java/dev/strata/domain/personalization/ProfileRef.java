package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/** A profile row's key: the tenant and the user inside it (what a rebuild job iterates over). */
public record ProfileRef(Tenant tenant, UserId user) {

    public ProfileRef {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(user, "user");
    }
}
