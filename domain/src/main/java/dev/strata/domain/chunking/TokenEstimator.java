package dev.strata.domain.chunking;

/**
 * A cheap, deterministic token count that needs no tokenizer: about four characters per token
 * for Latin-script text (the usual rule of thumb for BPE and WordPiece vocabularies) and one
 * token per CJK character, whitespace free. It only has to be close enough to size chunks;
 * real model limits are enforced by the embedders themselves.
 */
public final class TokenEstimator {

    /** Cost of a character, in quarter tokens. */
    private static final int LATIN_COST = 1;
    private static final int WIDE_COST = 4;
    private static final int QUARTERS_PER_TOKEN = 4;

    private TokenEstimator() {
    }

    /** Estimated tokens of {@code text}. */
    public static int estimate(CharSequence text) {
        return estimate(text, 0, text.length());
    }

    /** Estimated tokens of {@code text[start, end)}. */
    public static int estimate(CharSequence text, int start, int end) {
        long quarters = 0;
        for (int i = start; i < end; i++) {
            quarters += cost(text.charAt(i));
        }
        return (int) ((quarters + QUARTERS_PER_TOKEN - 1) / QUARTERS_PER_TOKEN);
    }

    /** Cost of one char in quarter tokens; a surrogate pair costs as its two halves. */
    static int cost(char c) {
        if (Character.isWhitespace(c)) {
            return 0;
        }
        return isWide(c) ? WIDE_COST : LATIN_COST;
    }

    static int quartersPerToken() {
        return QUARTERS_PER_TOKEN;
    }

    private static boolean isWide(char c) {
        Character.UnicodeScript script;
        if (Character.isSurrogate(c)) {
            return true;
        }
        script = Character.UnicodeScript.of(c);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA
                || script == Character.UnicodeScript.HANGUL
                || (c >= '\u3000' && c <= '\u303F')
                || (c >= '\uFF00' && c <= '\uFFEF');
    }
}
