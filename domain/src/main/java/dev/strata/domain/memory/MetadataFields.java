package dev.strata.domain.memory;

import java.util.Optional;

/**
 * Reads one top-level string field of a memory's metadata without a JSON library (the domain has
 * none): the metadata was parsed and written back as compact JSON by the front end that took it,
 * so this only walks a well-formed object, skipping nested values and strings whole. Anything
 * unexpected reads as "no such field".
 */
final class MetadataFields {

    private MetadataFields() {
    }

    static Optional<String> string(String json, String field) {
        try {
            Cursor c = new Cursor(json);
            c.skipBlank();
            if (!c.take('{')) {
                return Optional.empty();
            }
            c.skipBlank();
            if (c.take('}')) {
                return Optional.empty();
            }
            while (true) {
                c.skipBlank();
                String name = c.string();
                c.skipBlank();
                if (!c.take(':')) {
                    return Optional.empty();
                }
                c.skipBlank();
                if (name.equals(field) && c.peek() == '"') {
                    return Optional.of(c.string());
                }
                c.skipValue();
                c.skipBlank();
                if (c.take(',')) {
                    continue;
                }
                return Optional.empty();
            }
        } catch (IllegalStateException | IllegalArgumentException | IndexOutOfBoundsException malformed) {
            return Optional.empty();
        }
    }

    private static final class Cursor {
        private final String s;
        private int i;

        Cursor(String s) {
            this.s = s;
        }

        char peek() {
            return s.charAt(i);
        }

        boolean take(char c) {
            if (i < s.length() && s.charAt(i) == c) {
                i++;
                return true;
            }
            return false;
        }

        void skipBlank() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        String string() {
            if (!take('"')) {
                throw new IllegalStateException("expected a string at " + i);
            }
            StringBuilder out = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> out.append(e);
                }
            }
        }

        /** Skips one value: a string, an object or array (nesting counted, strings inside skipped whole), or a literal. */
        void skipValue() {
            char c = peek();
            if (c == '"') {
                string();
                return;
            }
            if (c == '{' || c == '[') {
                int depth = 0;
                do {
                    char d = peek();
                    if (d == '"') {
                        string();
                        continue;
                    }
                    if (d == '{' || d == '[') {
                        depth++;
                    } else if (d == '}' || d == ']') {
                        depth--;
                    }
                    i++;
                } while (depth > 0);
                return;
            }
            while (i < s.length() && ",}] \t\r\n".indexOf(s.charAt(i)) < 0) {
                i++;
            }
        }
    }
}
