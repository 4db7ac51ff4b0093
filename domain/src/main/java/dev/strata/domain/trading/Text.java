package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;

import java.util.Optional;
import java.util.regex.Pattern;

/** The checks the mirror's text fields share; each failure names the wire field. */
final class Text {

    /** Identifiers from the upstream (order ids, hashes, addresses, tokens): no blanks, no control characters. */
    static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@/+-]*");
    /** The longest raw upstream JSON kept beside a row. */
    static final int MAX_RAW_JSON = 16_384;

    private Text() {
    }

    static String token(String field, String value, int max) {
        if (value == null) {
            throw new InvalidInputException(field, "is required");
        }
        String v = value.strip();
        if (v.isEmpty() || v.length() > max || !TOKEN.matcher(v).matches()) {
            throw new InvalidInputException(field, "must be 1-" + max + " characters: letters, digits or . _ : @ / + -, "
                    + "starting with a letter or digit");
        }
        return v;
    }

    static Optional<String> optionalToken(String field, Optional<String> value, int max) {
        return value.map(String::strip).filter(v -> !v.isEmpty()).map(v -> token(field, v, max));
    }

    /** Short free text (a fill's {@code dir}, a token name): printable, one line. */
    static Optional<String> label(String field, Optional<String> value, int max) {
        return value.map(String::strip).filter(v -> !v.isEmpty()).map(v -> {
            if (v.length() > max || v.codePoints().anyMatch(c -> Character.isISOControl(c)
                    || Character.getType(c) == Character.LINE_SEPARATOR
                    || Character.getType(c) == Character.PARAGRAPH_SEPARATOR)) {
                throw new InvalidInputException(field, "must be at most " + max + " printable characters on one line");
            }
            return v;
        });
    }

    static Optional<String> rawJson(String field, Optional<String> value) {
        return value.filter(v -> !v.isBlank()).map(v -> {
            if (v.length() > MAX_RAW_JSON) {
                throw new InvalidInputException(field, "must be at most " + MAX_RAW_JSON + " characters");
            }
            if (v.indexOf('\0') >= 0) {
                throw new InvalidInputException(field, "must not contain NUL characters");
            }
            return v;
        });
    }
}
