package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/**
 * A proposal. It has no state on purpose: whatever proposes it (mining, the model, an import, a
 * bulk call), the row is born {@code proposed}, and only an explicit approve activates it.
 */
public record NewPreference(Tenant tenant, PreferenceDimension dimension, String content, PreferenceKind kind,
                            long evidence, PreferenceSource source) {

    public static final int MAX_CONTENT_CHARS = 1_000;
    /** Bounds what one proposal can claim, so a caller cannot fake overwhelming evidence. */
    public static final long MAX_EVIDENCE = 1_000_000;

    public NewPreference {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(dimension, "dimension");
        content = checkContent(content);
        Objects.requireNonNull(kind, "kind");
        if (evidence < 1 || evidence > MAX_EVIDENCE) {
            throw new InvalidInputException("evidence", "must be between 1 and " + MAX_EVIDENCE);
        }
        Objects.requireNonNull(source, "source");
    }

    static String checkContent(String content) {
        String c = LearningText.required("content", content, MAX_CONTENT_CHARS);
        if (c.indexOf('\n') >= 0 || c.indexOf('\r') >= 0) {
            throw new InvalidInputException("content", "must be one line");
        }
        return c;
    }

    public String normalizedContent() {
        return LearningText.normalise(content);
    }
}
