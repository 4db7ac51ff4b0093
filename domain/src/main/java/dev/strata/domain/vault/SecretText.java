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

    /**
     * The text with some layers of escapes read: char {@code i} of {@code text} came from
     * {@code [starts[i], ends[i])} of the original (both null for the original itself).
     */
    record Layer(String text, int[] starts, int[] ends) {

        int start(int i) {
            return starts == null ? i : starts[i];
        }

        int end(int i) {
            return ends == null ? i + 1 : ends[i];
        }
    }

    /** How many layers of escapes are read: a JSON document carrying URL-encoded text is two. */
    static final int DECODE_LAYERS = 2;

    /** The folded form of a secret's value (no decoding). */
    static String foldValue(String value) {
        return fold(value);
    }

    /**
     * The texts a secret is looked for in: the text as written, then the text with one and with two
     * layers of escapes read (each only when the layer before holds an escape). Without spans: most
     * text holds no secret, and {@link #layer} computes the spans of the one level that does.
     */
    static List<String> layers(String text) {
        List<String> layers = new ArrayList<>(1 + DECODE_LAYERS);
        layers.add(text);
        String layer = text;
        for (int level = 0; level < DECODE_LAYERS && holdsEscape(layer); level++) {
            layer = decode(layer, null).text();
            layers.add(layer);
        }
        return layers;
    }

    /** Level {@code level} of {@link #layers}, with the span of the original text each char came from. */
    static Layer layer(String text, int level) {
        Layer layer = new Layer(text, null, null);
        for (int i = 0; i < level; i++) {
            layer = decode(layer.text(), layer);
        }
        return layer;
    }

    /** One layer of escapes read; spans are tracked through {@code parent} when it is given. */
    private static Layer decode(String s, Layer parent) {
        StringBuilder decoded = new StringBuilder(s.length());
        int[] from = parent == null ? null : new int[s.length() + 1];
        int[] to = parent == null ? null : new int[s.length() + 1];
        int i = 0;
        while (i < s.length()) {
            long unit = decodeAt(s, i);
            int cp = unit >= 0 ? (int) (unit >>> 32) : s.codePointAt(i);
            int next = unit >= 0 ? (int) unit : i + Character.charCount(cp);
            int before = decoded.length();
            decoded.appendCodePoint(cp);
            if (parent != null) {
                for (int k = before; k < decoded.length(); k++) {
                    from[k] = parent.start(i);
                    to[k] = parent.end(next - 1);
                }
            }
            i = next;
        }
        return new Layer(decoded.toString(), from, to);
    }

    /** Whether {@code text} holds anything {@link #decodeAt} reads as an escape. */
    static boolean holdsEscape(String text) {
        if (!mayBeEncoded(text)) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c == '\\' || c == '%' || c == '&' || c == '[' || c == '<') && decodeAt(text, i) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** The fold of a layer's text, without the spans: what a search for secrets runs on first. */
    static String fold(String s) {
        StringBuilder out = null;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80 || SPACE[c] || (c >= 'A' && c <= 'Z')) {
                // Not already folded: fold from here on.
                out = new StringBuilder(n);
                out.append(s, 0, i);
                for (int j = i; j < n; ) {
                    int cp = s.codePointAt(j);
                    append(out, cp);
                    j += Character.charCount(cp);
                }
                return out.toString();
            }
        }
        return s;
    }

    /** The fold of a layer with, for each folded char, the span of the original text it came from. */
    static Folded foldWithSpans(Layer layer) {
        String s = layer.text();
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
                outStarts[k] = layer.start(i);
                outEnds[k] = layer.end(next - 1);
            }
            i = next;
        }
        return new Folded(out.toString(), outStarts, outEnds);
    }

    /** ASCII whitespace, as {@link Character#isWhitespace} and {@link Character#isSpaceChar} see it. */
    private static final boolean[] SPACE = new boolean[128];

    static {
        for (int c = 0; c < 128; c++) {
            SPACE[c] = Character.isWhitespace(c) || Character.isSpaceChar(c);
        }
    }

    /** Whether {@code text} holds anything {@link #decodeAt} could read as an escape. */
    static boolean mayBeEncoded(String text) {
        return text.indexOf('\\') >= 0 || text.indexOf('%') >= 0 || text.indexOf('&') >= 0
                || text.indexOf("U+") >= 0;
    }

    /** Appends the folded form of one code point (nothing for whitespace, invisible characters and marks). */
    private static void append(StringBuilder out, int cp) {
        if (cp < 0x80) {
            if (!SPACE[cp]) {
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
