package dev.strata.domain.role;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Role definitions for tests: one per probe kind, with the spec's example as the price_delta role. */
public final class RoleFixtures {

    public static final String TEMPLATE = """
            You previously issued a target price for {asset}: {decision}.
            Window: {window}. Actual outcome: {pnl}.
            Evidence collected post-hoc: {evidence}.
            The Stage 1 classifier tagged this as {type}.
            Produce one actionable lesson of at most 2 sentences.""";

    private RoleFixtures() {
    }

    public static ReflectionPolicy policy(OutcomeProbeSpec probe, int min, int max, Set<Trigger> triggers,
                                          Optional<String> cron, List<PostHocProbe> posts) {
        return new ReflectionPolicy(probe, min, max, triggers, cron.map(c -> CronExpression.parse("cronExpr", c)), posts);
    }

    /** The spec's {@code analysis.valuation.target_price}: price delta over a week, judged from 7 to 30 days. */
    public static RoleDefinition targetPrice() {
        return new RoleDefinition(RoleId.of("analysis.valuation.target_price"), "Target price call",
                SkillId.of("analysis.valuation"),
                List.of("anchored to recent price", "ignored macro headwinds", "comp set biased toward winners"),
                new ReflectionTemplate(TEMPLATE),
                policy(new OutcomeProbeSpec.PriceDelta("asset", 168), 168, 720, Set.of(Trigger.CRON, Trigger.ON_PRICE_FETCH),
                        Optional.of("0 6 * * *"),
                        List.of(new PostHocProbe(PostHocProbe.Kind.REFETCH_SOURCE, "get_price",
                                PostHocProbe.parseMapper("asset->symbol")))));
    }

    public static RoleDefinition whaleFollow() {
        return new RoleDefinition(RoleId.of("market.onchain.whale_follow"), "Whale follow-through",
                SkillId.of("market.onchain"), List.of("followed a wash transfer"),
                new ReflectionTemplate("Decision {decision} on {asset} came out {pnl} ({type}). One lesson."),
                policy(new OutcomeProbeSpec.Custom("whale_followthrough"), 4, 48, Set.of(Trigger.ON_NEW_WRITE),
                        Optional.empty(), List.of()));
    }

    public static RoleDefinition thesisReview() {
        return new RoleDefinition(RoleId.of("research.thesis"), "Investment thesis", SkillId.of("research.thesis"),
                List.of("narrative over numbers"),
                new ReflectionTemplate("Thesis: {decision}. Outcome: {pnl}. Type {type}. One lesson."),
                policy(new OutcomeProbeSpec.Manual(), 0, 24 * 90, Set.of(), Optional.empty(), List.of()));
    }
}
