package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * How an instant given on the wire is read: an event time ({@code occurred_at}), a filter bound
 * ({@code occurred_after}, {@code as_of}) or a reference time. Accepted: an ISO-8601 instant
 * ({@code 2023-05-08T13:56:00Z}, with or without fractions), a date-time with an offset
 * ({@code 2023-05-08T13:56:00+02:00}), a date-time without one (read as UTC) and a plain date
 * ({@code 2023-05-08}, its start in UTC). Years 1 to 9999 only: the store keeps four-digit years
 * so that text order stays time order.
 *
 * <p>A write without an event time may carry one in its metadata: {@code occurred_at} or
 * {@code session_date} as a top-level string in one of the forms above (a chat importer's session
 * date, for instance). Metadata is the writer's own, so a value there that does not parse is
 * ignored rather than refused.
 */
public final class EventTime {

    /** The metadata fields read, in order, when a write states no event time. */
    public static final List<String> METADATA_FIELDS = List.of("occurred_at", "session_date");

    static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
    static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

    private EventTime() {
    }

    /** {@code text} as an instant, or a 400 naming {@code field}. */
    public static Instant parse(String field, String text) {
        return read(text).orElseThrow(() -> new InvalidInputException(field, "must be an ISO-8601 date (2023-05-08) "
                + "or instant (2023-05-08T13:56:00Z) between the years 1 and 9999"));
    }

    /** The optional wire value as an instant, or a 400 naming {@code field}. */
    public static Optional<Instant> parse(String field, Optional<String> text) {
        return text.map(t -> parse(field, t));
    }

    /** The event time a write's metadata states, when one of {@link #METADATA_FIELDS} holds a readable one. */
    public static Optional<Instant> fromMetadata(Metadata metadata) {
        for (String field : METADATA_FIELDS) {
            Optional<Instant> at = MetadataFields.string(metadata.json(), field).flatMap(EventTime::read);
            if (at.isPresent()) {
                return at;
            }
        }
        return Optional.empty();
    }

    static Optional<Instant> read(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.strip();
        if (t.isEmpty() || t.length() > 40 || t.startsWith("-") || t.startsWith("+")) {
            return Optional.empty();
        }
        Optional<Instant> at = attempt(t);
        return at.filter(i -> !i.isBefore(EARLIEST) && !i.isAfter(LATEST));
    }

    private static Optional<Instant> attempt(String t) {
        try {
            if (t.length() == 10) {
                return Optional.of(LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant());
            }
            if (t.endsWith("Z") || t.endsWith("z")) {
                return Optional.of(Instant.parse(t.substring(0, t.length() - 1) + "Z"));
            }
            if (t.length() > 19 && (t.charAt(t.length() - 6) == '+' || t.charAt(t.length() - 6) == '-')) {
                return Optional.of(OffsetDateTime.parse(t).toInstant());
            }
            return Optional.of(LocalDateTime.parse(t).toInstant(ZoneOffset.UTC));
        } catch (DateTimeException | StringIndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }
}
