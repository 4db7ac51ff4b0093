package dev.strata.domain.workspace;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A markdown bullet that states a value: {@code - key: value}. Bold or underscore emphasis
 * around the key ({@code - **Name:** Ada}, {@code - **Name**: Ada}) is accepted, as OpenClaw's
 * templates write it. The bullet is required and the colon must be followed by a space or the
 * line end, so prose and URLs ({@code https://...}) are not statements.
 *
 * <p>Keys are normalised for comparison: lower case, every run of other characters than letters
 * and digits becomes {@code _} ({@code Risk tolerance} and {@code risk-tolerance} are both
 * {@code risk_tolerance}). A key has at most {@value #MAX_KEY_WORDS} words, so a sentence that
 * happens to contain a colon is not read as a key.
 *
 * @param key      the normalised key
 * @param rawKey   the key as written, without emphasis
 * @param value    the value as written, without surrounding emphasis; may be empty
 */
public record KeyValueLine(String key, String rawKey, String value) {

    public static final int MAX_KEY_WORDS = 4;

    private static final Pattern LINE = Pattern.compile(
            "^\\s*[-*+]\\s+(?:\\*\\*|__)?([^:*\\n]{1,64}?)\\s*(?:(?:\\*\\*|__):|:(?:\\*\\*|__)?)(?:\\s+(.*))?$");
    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    public KeyValueLine {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(rawKey, "rawKey");
        Objects.requireNonNull(value, "value");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key must not be empty");
        }
    }

    /**
     * True when the value is empty or still a template placeholder ({@code _(pick one)_},
     * {@code <name>}, {@code ...}): such a line states nothing.
     */
    public boolean isUnset() {
        return value.isBlank() || value.startsWith("(") || value.startsWith("<") || value.equals("-")
                || value.equals("…") || value.equals("...");
    }

    /** The statement on this line, if the line is one. */
    public static Optional<KeyValueLine> parse(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        String rawKey = m.group(1).strip();
        String key = normaliseKey(rawKey);
        if (key.isEmpty() || key.split("_").length > MAX_KEY_WORDS) {
            return Optional.empty();
        }
        String value = m.group(2) == null ? "" : stripEmphasis(m.group(2).strip());
        return Optional.of(new KeyValueLine(key, rawKey, value));
    }

    /** {@code "Risk tolerance"} → {@code "risk_tolerance"}: how keys are compared across layers. */
    public static String normaliseKey(String key) {
        String lower = NON_WORD.matcher(key.strip().toLowerCase(Locale.ROOT)).replaceAll("_");
        int start = 0;
        int end = lower.length();
        while (start < end && lower.charAt(start) == '_') {
            start++;
        }
        while (end > start && lower.charAt(end - 1) == '_') {
            end--;
        }
        return lower.substring(start, end);
    }

    /**
     * How values are compared across layers: case, surrounding quotes, a final full stop and runs
     * of spaces do not make two values different.
     */
    public static String normaliseValue(String value) {
        String v = stripEmphasis(value.strip());
        if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            v = v.substring(1, v.length() - 1).strip();
        }
        if (v.endsWith(".")) {
            v = v.substring(0, v.length() - 1);
        }
        return v.replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static String stripEmphasis(String value) {
        String v = value;
        for (String mark : new String[] {"**", "__", "*", "_"}) {
            if (v.length() > 2 * mark.length() && v.startsWith(mark) && v.endsWith(mark)) {
                v = v.substring(mark.length(), v.length() - mark.length()).strip();
            }
        }
        return v;
    }
}
