package dev.strata.domain.conversation;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.personalization.UserId;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConversationValuesTest {

    @Test
    void client_ids_accept_uuids_and_provider_ids_and_refuse_paths_blanks_and_controls() {
        assertThat(ConversationId.of("3f2b8c1e-0a4d-4c6e-9b7a-2d1e5f6a7b8c").value()).hasSize(36);
        assertThat(MessageId.of("msg_01HX:part.2@ada").value()).isEqualTo("msg_01HX:part.2@ada");
        for (String bad : new String[] {"", "../etc", "a b", "a\nb", "-leading", "x".repeat(129), "a/b", "é"}) {
            assertThatThrownBy(() -> ConversationId.of(bad)).isInstanceOfSatisfying(InvalidInputException.class,
                    e -> assertThat(e.field()).isEqualTo("conversation_id"));
        }
        assertThatThrownBy(() -> MessageId.of(null)).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo("id"));
        assertThatThrownBy(() -> UserId.of("a b")).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo("user_id"));
    }

    @Test
    void a_message_obeys_the_memory_content_rules() {
        NewMessage m = new NewMessage(MessageId.of("m"), MessageRole.USER, "  I hold ETH \n", Instant.EPOCH);
        assertThat(m.content()).isEqualTo("I hold ETH");
        assertThatThrownBy(() -> new NewMessage(MessageId.of("m"), MessageRole.USER, " \t", Instant.EPOCH))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("content"));
        assertThatThrownBy(() -> new NewMessage(MessageId.of("m"), MessageRole.USER, "a\0b", Instant.EPOCH))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void roles_parse_in_any_case_and_name_the_field_otherwise() {
        assertThat(MessageRole.parse(" Assistant ")).isEqualTo(MessageRole.ASSISTANT);
        assertThatThrownBy(() -> MessageRole.parse("narrator")).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.reason()).contains("user, assistant, system, tool"));
    }
}
