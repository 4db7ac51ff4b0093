package dev.strata.adapters.llm.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.model.Embedder;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class EmbedderFactoryTest {

    private static final Clock CLOCK = Clock.systemUTC();
    private static final Supplier<OpenAiEmbedderSettings> OPENAI = () -> OpenAiEmbedderSettings.of(
            URI.create("http://127.0.0.1:9"), "text-embedding-3-small", Optional.of("key"), OptionalInt.empty());
    private static final Supplier<OpenAiEmbedderSettings> NOT_CONFIGURED = () -> {
        throw new IllegalArgumentException("openai settings must not be read");
    };

    @Test
    void disabledReportsNoModelAndRefusesToEmbed() {
        Embedder embedder = new EmbedderFactory(() -> {
            throw new AssertionError("no model is loaded for 'disabled'");
        }).create("disabled", NOT_CONFIGURED, CLOCK);

        assertThat(embedder).isInstanceOf(DisabledEmbedder.class);
        assertThat(embedder.modelInfo()).isEmpty();
        assertThat(embedder.isEnabled()).isFalse();
        assertThatThrownBy(() -> embedder.embedDocuments(List.of("x"))).isInstanceOf(UnavailableException.class);
    }

    @Test
    void openaiUsesItsSettings() {
        Embedder embedder = new EmbedderFactory().create(" OpenAI ", OPENAI, CLOCK);

        assertThat(embedder).isInstanceOf(OpenAiEmbedder.class);
        assertThat(embedder.modelInfo()).hasValueSatisfying(info -> {
            assertThat(info.modelId()).isEqualTo("text-embedding-3-small");
            assertThat(info.dimension()).isEqualTo(1536);
        });
    }

    @Test
    void localLoadsTheInProcessModel() {
        Embedder embedder = new EmbedderFactory().create("local", NOT_CONFIGURED, CLOCK);

        assertThat(embedder).isInstanceOf(OnnxEmbedder.class);
        assertThat(embedder.modelInfo()).hasValueSatisfying(info -> assertThat(info.dimension()).isEqualTo(384));
    }

    @Test
    void localDegradesToDisabledWhenTheModelCannotLoad() {
        Embedder embedder = new EmbedderFactory(() -> {
            throw new UnsatisfiedLinkError("no onnxruntime for this platform");
        }).create("local", NOT_CONFIGURED, CLOCK);

        assertThat(embedder).isInstanceOf(DisabledEmbedder.class);
    }

    @Test
    void rejectsAnUnknownProviderNamingTheValidOnes() {
        assertThatThrownBy(() -> new EmbedderFactory().create("cohere", OPENAI, CLOCK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("local, openai, disabled");
    }
}
