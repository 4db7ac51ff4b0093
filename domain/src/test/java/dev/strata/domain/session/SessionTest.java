package dev.strata.domain.session;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.prompt.AssembledPrompt;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.workspace.IdentityMetadata;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SessionTest {

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    private static AssembledPrompt prompt() {
        return new AssembledPrompt(List.of(new PromptBlock("identity", "soul", true),
                new PromptBlock("memory", "notes", false)), IdentityMetadata.empty(), List.of());
    }

    @Test
    void freezing_keeps_the_assembled_blocks_and_renders_them_like_the_assembler() {
        Session s = Session.freeze(SessionId.random(), Tenant.DEFAULT, T0, Duration.ofMinutes(30), prompt(), false,
                List.of());

        assertThat(s.expiresAt()).isEqualTo(T0.plus(Duration.ofMinutes(30)));
        assertThat(s.prompt()).isEqualTo(prompt().render()).isEqualTo("soul\n\nnotes");
    }

    @Test
    void a_session_expires_at_its_expiry_instant_not_before() {
        Session s = Session.freeze(SessionId.random(), Tenant.DEFAULT, T0, Duration.ofMinutes(30), prompt(), false,
                List.of());

        assertThat(s.isExpiredAt(T0.plus(Duration.ofMinutes(30)).minusNanos(1))).isFalse();
        assertThat(s.isExpiredAt(T0.plus(Duration.ofMinutes(30)))).isTrue();
    }

    @Test
    void invariants() {
        assertThatThrownBy(() -> Session.freeze(SessionId.random(), Tenant.DEFAULT, T0, Duration.ZERO, prompt(), false,
                List.of())).hasMessageContaining("ttl");
        assertThatThrownBy(() -> new Session(SessionId.random(), Tenant.DEFAULT, T0, T0,
                List.of(), IdentityMetadata.empty(), false, List.of())).hasMessageContaining("expire");
        assertThatThrownBy(() -> new Session(SessionId.random(), Tenant.DEFAULT, T0, T0.plusSeconds(1),
                List.of(new PromptBlock("memory", "a", false), new PromptBlock("memory", "b", false)),
                IdentityMetadata.empty(), false, List.of())).hasMessageContaining("once");
    }

    @Test
    void ids_are_random_canonical_uuids_and_anything_else_is_invalid_input_on_the_id_field() {
        SessionId a = SessionId.random();
        assertThat(a).isNotEqualTo(SessionId.random());
        assertThat(SessionId.parse(a.value().toUpperCase())).isEqualTo(a);

        for (String bad : List.of("", "42", "1-1-1-1-1", "../../etc/passwd", a.value() + "0",
                "g3f2b8c1-0a4d-4c6e-9b7a-2d1e5f6a7b8c")) {
            assertThatThrownBy(() -> SessionId.parse(bad)).isInstanceOf(InvalidInputException.class)
                    .satisfies(e -> assertThat(((InvalidInputException) e).field()).isEqualTo("id"));
        }
    }
}
