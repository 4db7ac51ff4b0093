package dev.strata.application.personalization;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.LegacyTagMigration;

import java.util.List;

/**
 * The v1 tag migration's report: each tenant's plan, and whether it was written ({@code --apply})
 * or only shown (the default).
 */
public record TagMigrationReport(boolean applied, List<TenantPlan> tenants) {

    public TagMigrationReport {
        tenants = List.copyOf(tenants);
    }

    /** One tenant's plan. */
    public record TenantPlan(Tenant tenant, LegacyTagMigration.Plan plan) {
    }

    public long count(LegacyTagMigration.Action action) {
        return tenants.stream().mapToLong(t -> t.plan().count(action)).sum();
    }
}
