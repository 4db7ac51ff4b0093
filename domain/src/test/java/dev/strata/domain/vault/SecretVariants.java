package dev.strata.domain.vault;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Random;

/**
 * Generates the disguises a secret can be written in (case, width, zero-width and whitespace
 * splits, URL and JSON escapes, HTML references) and checks text for a secret independently of
 * the scrubber's own normalisation, so the property tests of several modules do not test the
 * scrubber against itself.
 */
public final class SecretVariants {

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final String PUNCTUATION = "-_.";
    private static final char[] INVISIBLE = {'\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u202E'};
    private static final String[] SPACES = {" ", "  ", "\n", "\t", "\r\n", "\u00A0", "\u3000"};

    private SecretVariants() {
    }

    /** A random secret: 12 to 40 letters and digits with a few separators, as API tokens look. */
    public static String secret(Random random) {
        int length = 12 + random.nextInt(29);
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            boolean separator = i > 2 && i < length - 2 && random.nextInt(8) == 0;
            s.append(separator ? PUNCTUATION.charAt(random.nextInt(PUNCTUATION.length()))
                    : ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return s.toString();
    }

    /** {@code secret} in a random disguise: each character independently re-cased, widened, encoded or split off. */
    public static String variant(String secret, Random random) {
        StringBuilder out = new StringBuilder(secret.length() * 3);
        int style = random.nextInt(4); // 0: mixed, 1: whole upper, 2: whole lower, 3: heavy disguise
        for (int i = 0; i < secret.length(); i++) {
            char c = secret.charAt(i);
            if (style == 1) {
                c = Character.toUpperCase(c);
            } else if (style == 2) {
                c = Character.toLowerCase(c);
            } else if (random.nextBoolean()) {
                c = random.nextBoolean() ? Character.toUpperCase(c) : Character.toLowerCase(c);
            }
            int disguise = random.nextInt(style == 3 ? 8 : 20);
            switch (disguise) {
                case 0 -> out.append('%').append(String.format(Locale.ROOT, "%02X", (int) c));
                case 1 -> out.append(Character.isLetterOrDigit(c) ? (char) (c - 0x21 + 0xFF01) : c); // full width
                case 2 -> out.append(String.format(Locale.ROOT, "\\u%04x", (int) c)); // JSON escape
                case 3 -> out.append("&#").append((int) c).append(';');
                default -> out.append(c);
            }
            if (i < secret.length() - 1) {
                int split = random.nextInt(style == 3 ? 4 : 10);
                if (split == 0) {
                    out.append(INVISIBLE[random.nextInt(INVISIBLE.length)]);
                } else if (split == 1) {
                    out.append(SPACES[random.nextInt(SPACES.length)]);
                } else if (split == 2) {
                    out.append(random.nextBoolean() ? "%E2%80%8B" : "%20");
                }
            }
        }
        return out.toString();
    }

    /** Ordinary words around a secret, none able to complete or extend it. */
    public static String filler(Random random) {
        String[] words = {"the", "key", "is", "deploy", "with", "token:", "(see", "notes)", "for", "prod", "\"", "=", ","};
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(6);
        for (int i = 0; i < n; i++) {
            s.append(words[random.nextInt(words.length)]).append(' ');
        }
        return s.toString();
    }

    /**
     * Whether {@code text} holds {@code secret} in any disguise {@link #variant} produces, decided
     * by an independent, stricter normalisation: decode percent escapes, JSON {@code \\uXXXX} and
     * HTML numeric references, fold width and case, then keep letters and digits only.
     */
    public static boolean holds(String text, String secret) {
        return core(decode(text)).contains(core(secret));
    }

    private static String core(String s) {
        String folded = Normalizer.normalize(s, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder(folded.length());
        folded.codePoints().filter(Character::isLetterOrDigit).forEach(out::appendCodePoint);
        return out.toString();
    }

    private static String decode(String s) {
        String json = java.util.regex.Pattern.compile("\\\\u([0-9a-fA-F]{4})").matcher(s)
                .replaceAll(m -> java.util.regex.Matcher.quoteReplacement(
                        String.valueOf((char) Integer.parseInt(m.group(1), 16))));
        String html = java.util.regex.Pattern.compile("&#(\\d{1,7});").matcher(json)
                .replaceAll(m -> java.util.regex.Matcher.quoteReplacement(
                        new String(Character.toChars(Integer.parseInt(m.group(1))))));
        // Percent escapes as UTF-8 bytes; anything else as itself.
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < html.length(); i++) {
            char c = html.charAt(i);
            if (c == '%' && i + 2 < html.length() && isHex(html.charAt(i + 1)) && isHex(html.charAt(i + 2))) {
                bytes.write(Integer.parseInt(html.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0 && c < 0x80;
    }
}
