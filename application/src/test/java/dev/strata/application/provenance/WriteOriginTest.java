package dev.strata.application.provenance;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Source;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

import static dev.strata.domain.memory.Source.AGENT_RECORDED;
import static dev.strata.domain.memory.Source.CHAT_EXTRACTED;
import static dev.strata.domain.memory.Source.INFERRED;
import static dev.strata.domain.memory.Source.LEARNED_PREFERENCE;
import static dev.strata.domain.memory.Source.USER_EXPLICIT;
import static dev.strata.domain.memory.Source.USER_MANUAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WriteOriginTest {

    private static final Actor WHO = Actor.claimed("agent-7", Optional.empty());

    private static void mayClaimExactly(WriteOrigin origin, Set<Source> allowed) {
        for (Source s : Source.values()) {
            if (allowed.contains(s)) {
                assertThat(origin.resolve(Optional.of(s))).as("%s claims %s", origin, s).isEqualTo(s);
            } else {
                assertThatThrownBy(() -> origin.resolve(Optional.of(s))).as("%s claims %s", origin, s)
                        .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                            assertThat(e.field()).isEqualTo("source");
                            assertThat(e.reason()).contains(s.wireName());
                        });
            }
        }
    }

    @Test
    void an_agent_tool_claims_only_agent_side_sources_and_defaults_to_agent_recorded() {
        WriteOrigin tool = WriteOrigin.agentTool(WHO);

        mayClaimExactly(tool, EnumSet.of(AGENT_RECORDED, USER_EXPLICIT, CHAT_EXTRACTED));
        assertThat(tool.resolve(Optional.empty())).isEqualTo(AGENT_RECORDED);
        assertThatThrownBy(() -> tool.resolve(Optional.of(USER_MANUAL)))
                .hasMessageContaining("user_manual comes only from a person's surface");
    }

    @Test
    void a_person_s_surface_defaults_to_user_manual_and_never_claims_the_loop_or_the_rebuilders() {
        WriteOrigin person = WriteOrigin.person(WHO);

        mayClaimExactly(person, EnumSet.of(USER_MANUAL, USER_EXPLICIT, CHAT_EXTRACTED, AGENT_RECORDED));
        assertThat(person.resolve(Optional.empty())).isEqualTo(USER_MANUAL);
    }

    @Test
    void learned_preference_comes_only_from_the_learning_loop_and_inferred_only_from_the_rebuilders() {
        mayClaimExactly(WriteOrigin.learningLoop(WHO), EnumSet.of(LEARNED_PREFERENCE, AGENT_RECORDED));
        assertThat(WriteOrigin.learningLoop(WHO).resolve(Optional.empty())).isEqualTo(LEARNED_PREFERENCE);
        mayClaimExactly(WriteOrigin.rebuilder(WHO), EnumSet.of(INFERRED, CHAT_EXTRACTED));
        assertThat(WriteOrigin.rebuilder(WHO).resolve(Optional.empty())).isEqualTo(INFERRED);
        mayClaimExactly(WriteOrigin.operator(WHO), EnumSet.allOf(Source.class));
    }

    @Test
    void a_fact_carries_an_agent_side_source_whatever_its_origin() {
        assertThat(WriteOrigin.agentTool(WHO).resolveFact(Optional.of(USER_EXPLICIT))).isEqualTo(USER_EXPLICIT);
        assertThat(WriteOrigin.person(WHO).resolveFact(Optional.empty())).isEqualTo(AGENT_RECORDED);
        assertThatThrownBy(() -> WriteOrigin.person(WHO).resolveFact(Optional.of(USER_MANUAL)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("source"));
        assertThatThrownBy(() -> WriteOrigin.rebuilder(WHO).resolveFact(Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("source"));
    }

    @Test
    void the_origin_names_its_actor() {
        assertThat(WriteOrigin.agentTool(WHO).actor()).isEqualTo(WHO);
        assertThat(WriteOrigin.agentTool(WHO).surface()).isEqualTo(WriteOrigin.Surface.AGENT_TOOL);
    }
}
