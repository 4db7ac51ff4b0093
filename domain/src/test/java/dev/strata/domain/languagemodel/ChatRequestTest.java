package dev.strata.domain.languagemodel;

import dev.strata.domain.json.JsonShape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChatRequestTest {

    private final ChatRequest request = ChatRequest.of("alice", SpendCategory.REFLECTION, "be brief", "hello");

    @Test
    void defaults_to_deterministic_plain_text() {
        assertThat(request.temperature()).isZero();
        assertThat(request.maxTokens()).isEqualTo(1024);
        assertThat(request.outputSchema()).isEmpty();
        assertThat(request.promptCharacters()).isEqualTo(13);
    }

    @Test
    void withers_change_one_component() {
        var schema = new OutputSchema("answer", JsonShape.object(JsonShape.Field.required("a", JsonShape.string())));

        ChatRequest changed = request.withTemperature(0.7).withMaxTokens(10).expecting(schema);

        assertThat(changed.temperature()).isEqualTo(0.7);
        assertThat(changed.maxTokens()).isEqualTo(10);
        assertThat(changed.outputSchema()).contains(schema);
        assertThat(changed.messages()).isEqualTo(request.messages());
    }

    @Test
    void rejects_requests_providers_would_reject() {
        assertThatThrownBy(() -> request.withTemperature(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> request.withTemperature(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> request.withMaxTokens(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> request.withMessages(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> request.withMessages(List.of(ChatMessage.assistant("hi"))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ChatRequest.of(" ", SpendCategory.REFLECTION, "", "q"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OutputSchema("has space", JsonShape.object()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
