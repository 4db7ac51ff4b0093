package dev.strata.adapters.llm.embedding;

import dev.strata.domain.error.InvalidInputException;
import java.util.List;
import java.util.Objects;

/** The checks every embedder applies to its input, so all providers reject the same things. */
final class EmbeddingInputs {

    private EmbeddingInputs() {
    }

    static List<String> requireEmbeddable(List<String> texts) {
        Objects.requireNonNull(texts, "texts");
        for (String text : texts) {
            if (text == null || text.isBlank()) {
                throw new InvalidInputException("texts", "a blank text cannot be embedded");
            }
        }
        return List.copyOf(texts);
    }
}
