package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One piece of post-hoc evidence for the reflector: what a post-hoc probe gathered, or a news or
 * on-chain snapshot pushed through the API. {@code kind} is {@code refetch_source}, {@code news},
 * {@code onchain} or {@code note}; {@code source} says where it came from.
 */
public record Evidence(String kind, String source, String text, Instant at) {

    public static final int MAX_TEXT_CHARS = 4_000;
    private static final Pattern KIND = Pattern.compile("refetch_source|news|onchain|note");
    private static final Pattern SOURCE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:/-]{0,79}");

    public Evidence {
        if (kind == null || !KIND.matcher(kind).matches()) {
            throw new InvalidInputException("kind", "must be one of refetch_source, news, onchain, note");
        }
        if (source == null || !SOURCE.matcher(source).matches()) {
            throw new InvalidInputException("source", "must be 1-80 letters, digits or _ . : / -");
        }
        if (text == null || text.isBlank()) {
            throw new InvalidInputException("text", "must not be blank");
        }
        text = text.strip();
        if (text.length() > MAX_TEXT_CHARS) {
            text = text.substring(0, MAX_TEXT_CHARS);
        }
        Objects.requireNonNull(at, "at");
    }
}
