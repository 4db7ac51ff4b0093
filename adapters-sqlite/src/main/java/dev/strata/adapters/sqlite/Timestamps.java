package dev.strata.adapters.sqlite;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * Timestamps are stored as fixed-width ISO-8601 UTC text with milliseconds, so that text order is
 * time order (indexes and ORDER BY work on the column directly) and the file stays readable with
 * the sqlite3 shell.
 */
final class Timestamps {

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {
    }

    static String format(Instant instant) {
        return FORMAT.format(instant);
    }

    /**
     * The stored form is read field by field: {@code Instant.parse} costs microseconds, and a
     * snapshot or search reads three timestamps a row. Anything else goes to the full parser.
     */
    static Instant parse(String text) {
        if (text.length() != STORED_LENGTH || text.charAt(4) != '-' || text.charAt(7) != '-' || text.charAt(10) != 'T'
                || text.charAt(13) != ':' || text.charAt(16) != ':' || text.charAt(19) != '.' || text.charAt(23) != 'Z') {
            return Instant.parse(text);
        }
        try {
            return LocalDateTime.of(digits(text, 0, 4), digits(text, 5, 7), digits(text, 8, 10), digits(text, 11, 13),
                    digits(text, 14, 16), digits(text, 17, 19), digits(text, 20, 23) * 1_000_000).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException | NumberFormatException e) {
            return Instant.parse(text);
        }
    }

    private static final int STORED_LENGTH = "2026-01-01T00:00:00.000Z".length();

    private static int digits(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new NumberFormatException(text);
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    /** The precision the store keeps; callers compare what they wrote with what they read back. */
    static Instant truncate(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }
}
