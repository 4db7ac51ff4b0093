package dev.strata.adapters.sqlite;

import java.time.Instant;
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

    static Instant parse(String text) {
        return Instant.parse(text);
    }

    /** The precision the store keeps; callers compare what they wrote with what they read back. */
    static Instant truncate(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }
}
