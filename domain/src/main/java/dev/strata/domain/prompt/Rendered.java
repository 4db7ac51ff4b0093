package dev.strata.domain.prompt;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Text that went through the {@link PromptRenderer}: the only thing a prompt block body is made of.
 * Only this package can create one, so stored text cannot reach a block without being scanned and
 * defused.
 */
public final class Rendered {

    private final String text;

    Rendered(String text) {
        this.text = Objects.requireNonNull(text, "text");
    }

    public String text() {
        return text;
    }

    public boolean isEmpty() {
        return text.isEmpty();
    }

    /** The parts one after another. */
    public static Rendered concat(Rendered... parts) {
        StringBuilder out = new StringBuilder();
        for (Rendered part : parts) {
            out.append(part.text);
        }
        return new Rendered(out.toString());
    }

    /** The parts with {@code separator} (code's own text, defused like a literal) between them. */
    public static Rendered join(String separator, List<Rendered> parts) {
        String sep = PromptRenderer.literal(separator).text;
        return new Rendered(parts.stream().map(Rendered::text).collect(Collectors.joining(sep)));
    }

    /** A builder that joins code's own text ({@link Builder#literal}) and stored values ({@link Builder#value}). */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds one rendered piece; stored values can only enter through {@link PromptRenderer#inline}. */
    public static final class Builder {
        private final StringBuilder out = new StringBuilder();

        private Builder() {
        }

        /** Text the code writes (headings, labels, punctuation), defused all the same. */
        public Builder literal(String text) {
            out.append(PromptRenderer.literal(text).text);
            return this;
        }

        /** A stored value, on one line, scanned and quoted when flagged. */
        public Builder value(String stored) {
            out.append(PromptRenderer.inline(stored).text);
            return this;
        }

        public Builder add(Rendered rendered) {
            out.append(rendered.text);
            return this;
        }

        public Rendered build() {
            return new Rendered(out.toString());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rendered other && other.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
