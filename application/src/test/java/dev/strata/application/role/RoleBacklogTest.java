package dev.strata.application.role;

import dev.strata.domain.memory.Actor;
import dev.strata.domain.role.RoleId;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.strata.application.role.RoleTestRig.ALICE;
import static org.assertj.core.api.Assertions.assertThat;

class RoleBacklogTest {

    private static final RoleId TARGET = RoleId.of("analysis.valuation.target_price");
    private static final Duration BACKLOG = Duration.ofHours(72);

    private final RoleTestRig rig = new RoleTestRig();
    private final RoleBacklog backlog = new RoleBacklog(rig.registry, rig.store, rig.clock);

    @Test
    void due_entries_the_model_could_not_judge_are_reported_with_the_reason_per_role_and_tenant() {
        rig.model.enabled = false;
        rig.targetPriceCall("target 120, expect:logic_error", "92");        // 8 days old at the end: due
        rig.clock.advance(Duration.ofDays(4));
        rig.targetPriceCall("target 130, expect:logic_error", "95");        // 4 days old: backlog, too young
        rig.clock.advance(Duration.ofDays(4));
        rig.decide("research.thesis", "BTC is digital gold", "BTC");        // a manual role, new: due at once
        rig.reflector.reflect(ALICE, TARGET);
        rig.service.record(new RecordDecision(RoleTestRig.BOB, "research.thesis",
                dev.strata.domain.role.RoleInputs.EMPTY, "ETH thesis", java.util.Optional.of("ETH")), Actor.UNKNOWN);

        assertThat(backlog.rows(BACKLOG)).satisfiesExactly(
                target -> {
                    assertThat(target.role()).isEqualTo(TARGET);
                    assertThat(target.tenant()).isEqualTo(ALICE);
                    assertThat(target.pending()).isEqualTo(2);
                    assertThat(target.olderThanBacklog()).isEqualTo(2);
                    assertThat(target.due()).isEqualTo(1);
                    assertThat(target.expired()).isZero();
                    assertThat(target.reasons()).singleElement().asString().contains("model");
                },
                thesis -> {
                    assertThat(thesis.role().value()).isEqualTo("research.thesis");
                    assertThat(thesis.tenant()).isEqualTo(ALICE);
                    assertThat(thesis.pending()).isEqualTo(1);
                    assertThat(thesis.olderThanBacklog()).isZero();
                    assertThat(thesis.due()).isEqualTo(1);
                    assertThat(thesis.reasons()).isEmpty();
                },
                bobs -> {
                    assertThat(bobs.tenant()).isEqualTo(RoleTestRig.BOB);
                    assertThat(bobs.pending()).isEqualTo(1);
                });
    }

    @Test
    void an_entry_past_its_roles_max_age_counts_as_expired_not_due_and_reflected_ones_are_gone() {
        rig.targetPriceCall("target 120, expect:logic_error", "92");
        rig.clock.advance(Duration.ofHours(721));
        assertThat(backlog.rows(BACKLOG)).singleElement().satisfies(r -> {
            assertThat(r.expired()).isEqualTo(1);
            assertThat(r.due()).isZero();
        });

        rig.clock.advance(Duration.ofHours(-721 + 168));
        rig.reflector.reflect(ALICE, TARGET);
        assertThat(backlog.rows(BACKLOG)).isEmpty();
    }
}
