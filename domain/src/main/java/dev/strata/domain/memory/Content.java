package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

/** The invariants every memory text obeys, wherever it comes from. */
public final class Content {

    /** Hard ceiling; deployments usually configure a lower limit at the boundary. */
    public static final int MAX_CHARS = 100_000;

    private Content() {
    }

    /** Returns the stored form (surrounding blanks stripped) or explains which rule it breaks. */
    public static String check(String content) {
        if (content == null || content.isBlank()) {
            throw new InvalidInputException("content", "must not be blank");
        }
        String stripped = content.strip();
        if (stripped.length() > MAX_CHARS) {
            throw new InvalidInputException("content", "must be at most " + MAX_CHARS + " characters");
        }
        if (stripped.indexOf('\0') >= 0) {
            throw new InvalidInputException("content", "must not contain NUL characters");
        }
        return stripped;
    }
}
