package dev.strata.domain.vault;

import dev.strata.domain.safety.PromptInjectionScanner;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;

/**
 * The normalised form secrets are matched on. Two texts that a reader would take for the same
 * characters fold to the same form, whatever case, width or spacing they were written in:
 * <ul>
 *   <li>compatibility forms are decomposed (NFKD: full-width {@code ｓｋ} is {@code sk}, the ligature
 *       {@code ﬁ} is {@code fi}) and combining marks dropped;</li>
 *   <li>case is folded (upper then lower case per code point, so the long s and the dotless i fold too);</li>
 *   <li>whitespace, zero-width, bidi-control and other invisible format characters are removed, so a
 *       secret split by spaces, line breaks or {@code U+200B} is still one run.</li>
 * </ul>
 * A text can also be folded <em>decoded</em>: JSON string escapes ({@code \"}, {@code \n},
 * {@code \u0041}), URL percent-encoding (UTF-8 aware: {@code %E2%80%8B} is one zero-width space)
 * numeric or basic named HTML character references, and the prompt renderer's spelled invisible
 * characters ({@code [U+200B]}) are read as the characters they stand for.
 * A secret is folded raw (its value is what it is) and looked for in the raw fold of a text and in
 * its folds with one and two layers of escapes read, so a literal {@code \n} inside a secret, an
 * escaped secret inside JSON and URL-encoded text inside a JSON string all match.
 *
 * <p>Each folded character remembers the span of the original text it came from, so a match in the
 * folded form maps back to a whole run of the original: an escape sequence is never cut in half.
 */
final class SecretText {

    private SecretText() {
    }

    /**
     * @param folded the normalised characters
     * @param starts for each folded char, where its source starts in the original text
     * @param ends   for each folded char, where its source ends (exclusive)
     */
    record Folded(String folded, int[] starts, int[] ends) {
    }

    /** How many layers of escapes are read: a JSON document carrying URL-encoded text is two. */
    static final int DECODE_LAYERS = 2;

    /** The folded form of a secret's value (no decoding). */
    static String foldValue(String value) {
        return fold(value, identity(value.length()), identityEnds(value.length()), value).folded();
    }

    /**
     * The folds a secret is looked for in: the text as written, then the text with one and with two
     * layers of escapes read (each only when the layer before holds something that may be an escape).
     */
    static List<Folded> folds(String text) {
        List<Folded> folds = new ArrayList<>(1 + DECODE_LAYERS);
        int[] starts = identity(text.length());
        int[] ends = identityEnds(text.length());
        folds.add(fold(text, starts, ends, text));
        String layer = text;
        for (int level = 0; level < DECODE_LAYERS && mayBeEncoded(layer); level++) {
            StringBuilder decoded = new StringBuilder(layer.length());
            int[] from = new int[layer.length()];
            int[] to = new int[layer.length()];
            int i = 0;
            while (i < layer.length()) {
                long unit = decodeAt(layer, i);
                int cp = unit >= 0 ? (int) (unit >>> 32) : layer.codePointAt(i);
                int next = unit >= 0 ? (int) unit : i + Character.charCount(cp);
                int before = decoded.length();
                decoded.appendCodePoint(cp);
                for (int k = before; k < decoded.length(); k++) {
                    from[k] = starts[i];
                    to[k] = ends[next - 1];
                }
                i = next;
            }
            layer = decoded.toString();
            starts = java.util.Arrays.copyOf(from, layer.length());
            ends = java.util.Arrays.copyOf(to, layer.length());
            folds.add(fold(layer, starts, ends, text));
        }
        return folds;
    }

    /** Folds {@code s}, whose char {@code i} came from {@code [starts[i], ends[i])} of the original text. */
    private static Folded fold(String s, int[] starts, int[] ends, String original) {
        int n = s.length();
        StringBuilder out = new StringBuilder(n);
        int[] outStarts = new int[n + 4];
        int[] outEnds = new int[n + 4];
        int i = 0;
        while (i < n) {
            int cp = s.codePointAt(i);
            int next = i + Character.charCount(cp);
            int before = out.length();
            append(out, cp);
            for (int k = before; k < out.length(); k++) {
                if (k >= outStarts.length) {
                    outStarts = java.util.Arrays.copyOf(outStarts, outStarts.length * 2);
                    outEnds = java.util.Arrays.copyOf(outEnds, outEnds.length * 2);
                }
                outStarts[k] = starts[i];
                outEnds[k] = ends[next - 1];
            }
            i = next;
        }
        return new Folded(out.toString(), outStarts, outEnds);
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    private static int[] identityEnds(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i + 1;
        }
        return a;
    }

    /** Whether {@code text} holds anything {@link #decodeAt} could read as an escape. */
    static boolean mayBeEncoded(String text) {
        return text.indexOf('\\') >= 0 || text.indexOf('%') >= 0 || text.indexOf('&') >= 0
                || text.indexOf("U+") >= 0;
    }

    /** Appends the folded form of one code point (nothing for whitespace, invisible characters and marks). */
    private static void append(StringBuilder out, int cp) {
        if (cp < 0x80) {
            if (!isSpace(cp)) {
                out.append((char) (cp >= 'A' && cp <= 'Z' ? cp + ('a' - 'A') : cp));
            }
            return;
        }
        if (dropped(cp)) {
            return;
        }
        if ((cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3040 && cp <= 0x30FF)) {
            out.appendCodePoint(cp); // ideographs and kana: no case, no compatibility form
            return;
        }
        String decomposed = Normalizer.normalize(new String(Character.toChars(cp)), Normalizer.Form.NFKD);
        for (int j = 0; j < decomposed.length(); ) {
            int c = decomposed.codePointAt(j);
            j += Character.charCount(c);
            if (!dropped(c) && !isSpace(c)) {
                out.appendCodePoint(Character.toLowerCase(Character.toUpperCase(c)));
            }
        }
    }

    private static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp);
    }

    private static boolean dropped(int cp) {
        if (isSpace(cp) || PromptInjectionScanner.isInvisible(cp)) {
            return true;
        }
        int type = Character.getType(cp);
        return type == Character.FORMAT || type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.COMBINING_SPACING_MARK || type == Character.CONTROL;
    }

    /**
     * The escape starting at {@code i}, as {@code codePoint << 32 | indexAfter}, or -1 when there is
     * none (the character stands for itself).
     */
    private static long decodeAt(String s, int i) {
        char c = s.charAt(i);
        if (c == '\\') {
            return jsonEscape(s, i);
        }
        if (c == '%') {
            return percentEscape(s, i);
        }
        if (c == '&') {
            return characterReference(s, i);
        }
        if ((c == '[' || c == '<') && s.startsWith("U+", i + 1)) {
            return spelledCodePoint(s, i, c == '[' ? ']' : '>');
        }
        return -1;
    }

    /**
     * {@code [U+200B]}: how the prompt renderer spells an invisible character so nothing hides in a
     * prompt ({@code <U+200B>} in older renderings). Read back as the character, so a secret split by
     * one stays one run in the fold.
     */
    private static long spelledCodePoint(String s, int i, char close) {
        int end = s.indexOf(close, i + 3);
        if (end < 0 || end - (i + 3) < 4 || end - (i + 3) > 6) {
            return -1;
        }
        int cp = hex(s, i + 3, end - (i + 3));
        return cp >= 0 && Character.isValidCodePoint(cp) ? unit(cp, end + 1) : -1;
    }

    private static long jsonEscape(String s, int i) {
        if (i + 1 >= s.length()) {
            return -1;
        }
        char e = s.charAt(i + 1);
        int cp = switch (e) {
            case '"', '\\', '/', '\'' -> e;
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'u' -> -2;
            default -> -1;
        };
        if (cp == -1) {
            return -1;
        }
        if (cp != -2) {
            return unit(cp, i + 2);
        }
        int high = hex(s, i + 2, 4);
        if (high < 0) {
            return -1;
        }
        if (Character.isHighSurrogate((char) high) && s.startsWith("\\u", i + 6)) {
            int low = hex(s, i + 8, 4);
            if (low >= 0 && Character.isLowSurrogate((char) low)) {
                return unit(Character.toCodePoint((char) high, (char) low), i + 12);
            }
        }
        return unit(high, i + 6);
    }

    /** {@code %XX}, with the continuation bytes of a UTF-8 sequence read as one character. */
    private static long percentEscape(String s, int i) {
        int first = hex(s, i + 1, 2);
        if (first < 0) {
            return -1;
        }
        if (first < 0x80) {
            return unit(first, i + 3);
        }
        int extra = first >= 0xF0 && first <= 0xF4 ? 3 : first >= 0xE0 ? 2 : first >= 0xC2 && first < 0xE0 ? 1 : -1;
        if (extra < 0 || first > 0xF4) {
            return unit(first, i + 3); // not UTF-8: read as the Latin-1 character
        }
        int cp = first & (0x3F >> extra);
        int at = i + 3;
        for (int k = 0; k < extra; k++) {
            if (at >= s.length() || s.charAt(at) != '%') {
                return unit(first, i + 3);
            }
            int b = hex(s, at + 1, 2);
            if (b < 0x80 || b > 0xBF) {
                return unit(first, i + 3);
            }
            cp = (cp << 6) | (b & 0x3F);
            at += 3;
        }
        return Character.isValidCodePoint(cp) ? unit(cp, at) : unit(first, i + 3);
    }

    /** {@code &#65;}, {@code &#x41;} and the five XML entities. */
    private static long characterReference(String s, int i) {
        int semi = s.indexOf(';', i + 1);
        if (semi < 0 || semi - i > 10) {
            return -1;
        }
        String body = s.substring(i + 1, semi);
        int cp;
        if (body.startsWith("#x") || body.startsWith("#X")) {
            cp = hex(body, 2, body.length() - 2);
        } else if (body.startsWith("#")) {
            cp = decimal(body.substring(1));
        } else {
            cp = switch (body) {
                case "amp" -> '&';
                case "lt" -> '<';
                case "gt" -> '>';
                case "quot" -> '"';
                case "apos" -> '\'';
                default -> -1;
            };
        }
        return cp >= 0 && Character.isValidCodePoint(cp) ? unit(cp, semi + 1) : -1;
    }

    private static long unit(int codePoint, int next) {
        return ((long) codePoint << 32) | next;
    }

    /** {@code digits} hex digits at {@code from}, or -1. */
    private static int hex(String s, int from, int digits) {
        if (digits < 1 || digits > 6 || from + digits > s.length()) {
            return -1;
        }
        int v = 0;
        for (int k = from; k < from + digits; k++) {
            int d = Character.digit(s.charAt(k), 16);
            if (d < 0 || s.charAt(k) > 'f') {
                return -1;
            }
            v = v * 16 + d;
        }
        return v;
    }

    private static int decimal(String digits) {
        if (digits.isEmpty() || digits.length() > 7) {
            return -1;
        }
        int v = 0;
        for (int k = 0; k < digits.length(); k++) {
            char c = digits.charAt(k);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
