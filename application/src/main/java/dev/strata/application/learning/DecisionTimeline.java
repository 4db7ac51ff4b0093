package dev.strata.application.learning;

import dev.strata.domain.learning.AssetSymbol;
import dev.strata.domain.learning.ReflectedDecision;
import dev.strata.domain.memory.Tenant;

import java.util.List;

/**
 * The reflected role decisions about an asset that a compiled page's Timeline shows (spec 05). The role
 * area answers; an interface here keeps the learning package from depending on the role package.
 */
@FunctionalInterface
public interface DecisionTimeline {

    /** No role area: pages show trades only. */
    DecisionTimeline NONE = (tenant, asset, limit) -> List.of();

    /** The tenant's newest {@code limit} reflected decisions about {@code asset}, newest reflection first. */
    List<ReflectedDecision> reflected(Tenant tenant, AssetSymbol asset, int limit);
}
