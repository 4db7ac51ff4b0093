package dev.strata.application.export;

import dev.strata.domain.error.InvalidInputException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads what {@link Markdown#frontmatter} writes: a {@code ---} block of {@code key: value} lines (strings
 * double-quoted with JSON escapes, numbers and booleans bare), then the body. Anything else is refused
 * naming {@code frontmatter}.
 */
record Frontmatter(Map<String, String> fields, String body) {

    static Frontmatter parse(String text) {
        if (!text.startsWith("---\n")) {
            throw new InvalidInputException("frontmatter", "the file must start with a --- block");
        }
        int end = text.indexOf("\n---\n", 3);
        if (end < 0) {
            throw new InvalidInputException("frontmatter", "the --- block is not closed");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : text.substring(4, end).split("\n", -1)) {
            int colon = line.indexOf(": ");
            if (colon <= 0 || !line.substring(0, colon).matches("[a-z_]{1,40}")) {
                throw new InvalidInputException("frontmatter", "not a key: value line");
            }
            String key = line.substring(0, colon);
            if (fields.put(key, value(line.substring(colon + 2))) != null) {
                throw new InvalidInputException("frontmatter", "duplicate key " + key);
            }
        }
        return new Frontmatter(fields, text.substring(end + 5));
    }

    String require(String key) {
        return get(key).orElseThrow(() -> new InvalidInputException(key, "is required in the frontmatter"));
    }

    Optional<String> get(String key) {
        return Optional.ofNullable(fields.get(key));
    }

    long number(String key) {
        try {
            return Long.parseLong(require(key));
        } catch (NumberFormatException e) {
            throw new InvalidInputException(key, "must be a whole number");
        }
    }

    double decimal(String key) {
        try {
            return Double.parseDouble(require(key));
        } catch (NumberFormatException e) {
            throw new InvalidInputException(key, "must be a number");
        }
    }

    private static String value(String raw) {
        if (!raw.startsWith("\"")) {
            if (!raw.matches("[-+0-9.eE]+|true|false")) {
                throw new InvalidInputException("frontmatter", "a bare value must be a number or a boolean");
            }
            return raw;
        }
        if (raw.length() < 2 || !raw.endsWith("\"")) {
            throw new InvalidInputException("frontmatter", "unterminated string");
        }
        StringBuilder out = new StringBuilder();
        String s = raw.substring(1, raw.length() - 1);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                throw new InvalidInputException("frontmatter", "unescaped quote in a string");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (++i >= s.length()) {
                throw new InvalidInputException("frontmatter", "dangling escape");
            }
            char e = s.charAt(i);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (i + 4 >= s.length()) {
                        throw new InvalidInputException("frontmatter", "short \\u escape");
                    }
                    try {
                        out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                    } catch (NumberFormatException bad) {
                        throw new InvalidInputException("frontmatter", "bad \\u escape");
                    }
                    i += 4;
                }
                default -> throw new InvalidInputException("frontmatter", "unknown escape \\" + e);
            }
        }
        return out.toString();
    }
}
