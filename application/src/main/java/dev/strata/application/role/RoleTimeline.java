package dev.strata.application.role;

import dev.strata.application.learning.DecisionTimeline;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.learning.AssetSymbol;
import dev.strata.domain.learning.ReflectedDecision;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Outcome;
import dev.strata.domain.role.Reflection;
import dev.strata.domain.role.RoleMemoryEntry;

import java.util.List;
import java.util.Objects;

/**
 * The role area's rows for a compiled page's Timeline (spec 05: reflected entries join it, newest
 * {@code reflected_at} first): the reflected entries of declared roles about the page's asset.
 */
public final class RoleTimeline implements DecisionTimeline {

    private final RoleMemoryService roles;

    public RoleTimeline(RoleMemoryService roles) {
        this.roles = Objects.requireNonNull(roles, "roles");
    }

    @Override
    public List<ReflectedDecision> reflected(Tenant tenant, AssetSymbol asset, int limit) {
        List<RoleMemoryEntry> entries;
        try {
            entries = roles.timeline(tenant, asset.key(), Math.min(limit, RoleMemoryService.MAX_LIMIT));
        } catch (InvalidInputException e) {
            // A page's asset key a role-memory asset cannot be (none today): no decision can be about it.
            return List.of();
        }
        return entries.stream().filter(e -> e.reflection().isPresent()).map(RoleTimeline::row).toList();
    }

    private static ReflectedDecision row(RoleMemoryEntry e) {
        Reflection r = e.reflection().orElseThrow();
        return new ReflectedDecision(e.id().value(), e.role().value(), r.reflectedAt(), r.classification().wireName(),
                e.decision(), e.outcome().map(Outcome::summary), r.lesson(), r.narrative());
    }
}
