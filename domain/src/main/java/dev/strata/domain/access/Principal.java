package dev.strata.domain.access;

import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/**
 * Who a request acts as, once its key is verified: a tenant key acts only in its own tenant; an
 * admin key may act in any tenant, its own being the default.
 */
public record Principal(String keyId, Tenant tenant, boolean admin) {

    public Principal {
        ApiKey.checkId(keyId);
        Objects.requireNonNull(tenant, "tenant");
    }

    public static Principal of(ApiKey key) {
        return new Principal(key.id(), key.tenant(), key.admin());
    }

    public boolean mayActIn(Tenant requested) {
        return admin || tenant.equals(requested);
    }
}
