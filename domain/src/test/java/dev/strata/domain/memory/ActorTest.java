package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ActorTest {

    @Test
    void a_claimed_actor_keeps_its_name_and_the_key_that_vouched_for_it() {
        Actor a = Actor.claimed("  session:4f2a/agent-7@desk  ", Optional.of("k3x9q2m8a1bz"));

        assertThat(a.id()).isEqualTo("session:4f2a/agent-7@desk");
        assertThat(a.keyId()).contains("k3x9q2m8a1bz");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "-starts-with-dash", "has space", "new\nline", "emoji\uD83E\uDD85", "tab\there",
            "quote\"", "semi;colon", "ünïcødé"})
    void a_malformed_name_is_refused_naming_the_actor(String name) {
        assertThatThrownBy(() -> Actor.claimed(name, Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("actor"));
    }

    @Test
    void a_name_is_capped_at_128_characters() {
        assertThat(Actor.claimed("a".repeat(128), Optional.empty()).id()).hasSize(128);
        assertThatThrownBy(() -> Actor.claimed("a".repeat(129), Optional.empty()))
                .isInstanceOf(InvalidInputException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"key:k3x9q2m8a1bz", "KEY:abc", "system:purge", "cli:root", "unknown", "Anonymous"})
    void names_strata_gives_itself_cannot_be_claimed(String name) {
        assertThatThrownBy(() -> Actor.claimed(name, Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("actor");
                    assertThat(e.reason()).contains("name the agent or session");
                });
    }

    @Test
    void strata_s_own_actors_are_namespaced() {
        assertThat(Actor.apiKey("k3x9q2m8a1bz")).isEqualTo(new Actor("key:k3x9q2m8a1bz", Optional.of("k3x9q2m8a1bz")));
        assertThat(Actor.system("purge").id()).isEqualTo("system:purge");
        assertThat(Actor.cli("ada lovelace").id()).isEqualTo("cli:ada_lovelace");
        assertThat(Actor.cli("").id()).isEqualTo("cli:operator");
        assertThat(Actor.cli("x".repeat(300)).id()).hasSize(Actor.MAX_LENGTH);
    }

    @Test
    void a_key_id_must_be_an_api_key_id() {
        assertThatThrownBy(() -> new Actor("agent", Optional.of("not a key"))).isInstanceOf(IllegalArgumentException.class);
    }
}
