package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RoleRegistryTest {

    @Test
    void roles_are_indexed_by_id_by_owning_skill_and_by_trigger() {
        RoleRegistry registry = RoleRegistry.builder().register(RoleFixtures.whaleFollow(), "roles/onchain.yaml")
                .register(RoleFixtures.targetPrice()).register(RoleFixtures.thesisReview()).build();

        assertThat(registry.all()).extracting(r -> r.id().value()).containsExactly("analysis.valuation.target_price",
                "market.onchain.whale_follow", "research.thesis");
        assertThat(registry.ownedBy(List.of(SkillId.of("market.onchain")))).extracting(RoleDefinition::id)
                .containsExactly(RoleId.of("market.onchain.whale_follow"));
        assertThat(registry.withTrigger(Trigger.ON_PRICE_FETCH)).extracting(RoleDefinition::id)
                .containsExactly(RoleId.of("analysis.valuation.target_price"));
        assertThat(registry.origin(RoleId.of("market.onchain.whale_follow"))).contains("roles/onchain.yaml");
    }

    @Test
    void a_duplicate_id_is_refused_naming_where_it_was_first_declared() {
        RoleRegistry.Builder builder = RoleRegistry.builder().register(RoleFixtures.targetPrice(), "roles/a.yaml");

        assertThatThrownBy(() -> builder.register(RoleFixtures.targetPrice(), "roles/b.yaml"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("id");
                    assertThat(e.reason()).contains("analysis.valuation.target_price").contains("roles/a.yaml");
                });
    }

    @Test
    void a_role_that_is_not_declared_is_not_found() {
        RoleRegistry registry = RoleRegistry.builder().register(RoleFixtures.targetPrice()).build();

        assertThat(registry.find(RoleId.of("research.thesis"))).isEmpty();
        assertThatThrownBy(() -> registry.require(RoleId.of("research.thesis"))).isInstanceOf(NotFoundException.class);
    }

    @Test
    void the_probe_registry_lists_what_declared_roles_name_but_nobody_registered() {
        RoleRegistry roles = RoleRegistry.builder().register(RoleFixtures.targetPrice())
                .register(RoleFixtures.whaleFollow()).build();

        assertThat(ProbeRegistry.empty().unresolved(roles)).containsExactly(
                "role analysis.valuation.target_price: postHocProbes[0].source 'get_price' is not registered",
                "role market.onchain.whale_follow: outcomeProbe.probeId 'whale_followthrough' is not registered");
        ProbeRegistry full = ProbeRegistry.builder().probe("whale_followthrough", request -> java.util.Optional.empty())
                .source("get_price", request -> java.util.Optional.empty()).build();
        assertThat(full.unresolved(roles)).isEmpty();
        assertThatThrownBy(() -> ProbeRegistry.builder().probe("x", r -> java.util.Optional.empty())
                .probe("x", r -> java.util.Optional.empty())).isInstanceOf(InvalidInputException.class);
    }
}
