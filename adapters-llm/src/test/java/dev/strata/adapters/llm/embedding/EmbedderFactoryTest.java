package dev.strata.adapters.llm.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.Embedder;
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
    void disabled_reports_no_model_and_refuses_to_embed() {
        Embedder embedder = new EmbedderFactory(model -> {
            throw new AssertionError("no model is loaded for 'disabled'");
        }).create("disabled", "no-such-model", NOT_CONFIGURED, CLOCK);

        assertThat(embedder).isInstanceOf(DisabledEmbedder.class);
        assertThat(embedder.modelInfo()).isEmpty();
        assertThat(embedder.isEnabled()).isFalse();
        assertThatThrownBy(() -> embedder.embedDocuments(List.of("x"))).isInstanceOf(UnavailableException.class);
    }

    @Test
    void openai_uses_its_settings() {
        Embedder embedder = new EmbedderFactory().create(" OpenAI ", "", OPENAI, CLOCK);

        assertThat(embedder).isInstanceOf(OpenAiEmbedder.class);
        assertThat(embedder.modelInfo()).hasValueSatisfying(info -> {
            assertThat(info.modelId()).isEqualTo("text-embedding-3-small");
            assertThat(info.dimension()).isEqualTo(1536);
        });
    }

    @Test
    void local_loads_the_configured_in_process_model() {
        Embedder embedder = new EmbedderFactory().create("local", "bge-small-en-v1.5", NOT_CONFIGURED, CLOCK);

        assertThat(embedder).isInstanceOf(OnnxEmbedder.class);
        assertThat(embedder.modelInfo()).hasValueSatisfying(info -> {
            assertThat(info.modelId()).isEqualTo("bge-small-en-v1.5-q");
            assertThat(info.dimension()).isEqualTo(384);
        });
    }

    @Test
    void local_without_a_model_name_uses_the_default_model() {
        Embedder embedder = new EmbedderFactory().create("local", " ", NOT_CONFIGURED, CLOCK);

        assertThat(embedder.modelInfo()).hasValueSatisfying(
                info -> assertThat(info.modelId()).isEqualTo(LocalEmbeddingModel.DEFAULT.modelId()));
    }

    @Test
    void local_rejects_an_unknown_model() {
        assertThatThrownBy(() -> new EmbedderFactory().create("local", "e5-large", NOT_CONFIGURED, CLOCK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("e5-large");
    }

    @Test
    void local_degrades_to_disabled_when_the_model_cannot_load() {
        Embedder embedder = new EmbedderFactory(model -> {
            throw new UnsatisfiedLinkError("no onnxruntime for this platform");
        }).create("local", "all-minilm-l6-v2", NOT_CONFIGURED, CLOCK);

        assertThat(embedder).isInstanceOf(DisabledEmbedder.class);
    }

    @Test
    void rejects_an_unknown_provider_naming_the_valid_ones() {
        assertThatThrownBy(() -> new EmbedderFactory().create("cohere", "", OPENAI, CLOCK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("local, openai, disabled");
    }
}
