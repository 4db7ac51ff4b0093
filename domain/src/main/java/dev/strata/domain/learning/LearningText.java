package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/** Text rules of the loop: required, bounded fields and the normalised form dedup compares. */
public final class LearningText {

    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern TRAILING_PUNCTUATION = Pattern.compile("[\\p{P}\\s]+$");

    private LearningText() {
    }

    /** The text stripped; blank or longer than {@code max} characters is refused, naming {@code field}. */
    public static String required(String field, String text, int max) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException(field, "is required");
        }
        String t = text.strip();
        if (t.length() > max) {
            throw new InvalidInputException(field, "must be at most " + max + " characters");
        }
        if (t.indexOf('\0') >= 0) {
            throw new InvalidInputException(field, "must not contain NUL characters");
        }
        return t;
    }

    /** Optional text: absent or blank is empty, anything else follows {@link #required}. */
    public static String optional(String field, String text, int max) {
        return text == null || text.isBlank() ? "" : required(field, text, max);
    }

    /**
     * Unicode NFKC, lower case, runs of white space folded to one space, trailing punctuation
     * dropped: "Buy the  dip." and "buy the dip" are the same statement.
     */
    public static String normalise(String text) {
        String n = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        n = SPACES.matcher(n).replaceAll(" ").strip();
        return TRAILING_PUNCTUATION.matcher(n).replaceAll("");
    }
}
