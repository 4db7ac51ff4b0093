package dev.strata.adapters.http.role;

import dev.strata.domain.role.CronExpression;
import dev.strata.domain.role.OutcomeProbeSpec;
import dev.strata.domain.role.PostHocProbe;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.Trigger;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

import java.util.List;
import java.util.Map;

/** A declared role as {@code GET /v1/roles} shows it. */
@JsonbPropertyOrder({"id", "label", "skill", "failureModes", "reflectionPrompt", "outcomeProbe", "minAgeHours",
        "maxAgeHours", "triggers", "cronExpr", "postHocProbes"})
public record RoleView(
        String id,
        String label,
        String skill,
        @JsonbNillable @JsonbProperty("failure_modes") List<String> failureModes,
        @JsonbNillable @JsonbProperty("reflection_prompt") String reflectionPrompt,
        @JsonbNillable @JsonbProperty("outcome_probe") ProbeView outcomeProbe,
        @JsonbNillable @JsonbProperty("min_age_hours") int minAgeHours,
        @JsonbNillable @JsonbProperty("max_age_hours") int maxAgeHours,
        List<String> triggers,
        @JsonbNillable @JsonbProperty("cron_expr") String cronExpr,
        @JsonbNillable @JsonbProperty("post_hoc_probes") List<PostHocView> postHocProbes) {

    /** The outcome probe; the fields a kind does not have are null. */
    @JsonbPropertyOrder({"kind", "assetField", "windowHours", "probeId"})
    public record ProbeView(String kind, @JsonbNillable @JsonbProperty("asset_field") String assetField,
                            @JsonbNillable @JsonbProperty("window_hours") Integer windowHours, @JsonbNillable @JsonbProperty("probe_id") String probeId) {
    }

    @JsonbPropertyOrder({"kind", "source", "paramMapper"})
    public record PostHocView(String kind, String source, @JsonbNillable @JsonbProperty("param_mapper") Map<String, String> paramMapper) {
    }

    static RoleView of(RoleDefinition r) {
        ProbeView probe = switch (r.policy().outcomeProbe()) {
            case OutcomeProbeSpec.PriceDelta d -> new ProbeView(d.kind(), d.assetField(), d.windowHours(), null);
            case OutcomeProbeSpec.Custom c -> new ProbeView(c.kind(), null, null, c.probeId());
            case OutcomeProbeSpec.Manual m -> new ProbeView(m.kind(), null, null, null);
        };
        List<PostHocView> posts = r.policy().postHocProbes().stream()
                .map((PostHocProbe p) -> new PostHocView(p.kind().wireName(), p.source(), p.paramMapper())).toList();
        return new RoleView(r.id().value(), r.label(), r.skill().value(), r.failureModes(), r.reflectionPrompt().text(),
                probe, r.policy().minAgeHours(), r.policy().maxAgeHours(),
                r.policy().triggers().stream().map(Trigger::wireName).sorted().toList(),
                r.policy().cronExpr().map(CronExpression::text).orElse(null), posts);
    }
}
