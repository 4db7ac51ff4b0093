package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.regex.Pattern;

/**
 * The text rules of the financial-profile fields, in one place so the API, the rebuild flows and
 * the store agree: line ends normalised to LF, no NUL or other C0 control but tab and LF, bounded.
 */
public final class ProfileText {

    /** {@code custom_prompt}: instructions, a few paragraphs at most. */
    public static final int MAX_CUSTOM_PROMPT_CHARS = 4_000;
    /** Each trading summary (LLM-written, rendered in the prompt). */
    public static final int MAX_SUMMARY_CHARS = 8_000;
    /** A cursor value (a chat, trade or fill id as the source names it). */
    public static final int MAX_CURSOR_CHARS = 200;

    private static final Pattern CONTROL = Pattern.compile("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]");

    private ProfileText() {
    }

    /** Multi-line text, stripped; refused when blank, too long or holding control characters. */
    public static String multiLine(String field, String text, int max) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException(field, "must not be blank");
        }
        String t = text.replace("\r\n", "\n").replace('\r', '\n').strip();
        if (CONTROL.matcher(t).find()) {
            throw new InvalidInputException(field, "must not contain control characters");
        }
        if (t.length() > max) {
            throw new InvalidInputException(field, "must be at most " + max + " characters");
        }
        return t;
    }

    /** One line, stripped; refused when blank, too long, multi-line or holding control characters. */
    public static String oneLine(String field, String text, int max) {
        String t = multiLine(field, text, max);
        if (t.indexOf('\n') >= 0) {
            throw new InvalidInputException(field, "must be a single line");
        }
        return t;
    }
}
