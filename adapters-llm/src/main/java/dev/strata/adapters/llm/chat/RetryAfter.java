package dev.strata.adapters.llm.chat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** Reads an HTTP {@code Retry-After} header (RFC 9110): delay-seconds or an HTTP-date. */
final class RetryAfter {

    private RetryAfter() {
    }

    /** The wait the header asks for, measured from {@code now}; empty when absent or unreadable. */
    static Optional<Duration> parse(String header, Instant now) {
        String value = header.strip();
        if (value.isEmpty()) {
            return Optional.empty();
        }
        if (value.chars().allMatch(Character::isDigit)) {
            try {
                return Optional.of(Duration.ofSeconds(Long.parseLong(value)));
            } catch (NumberFormatException tooLarge) {
                return Optional.of(Duration.ofSeconds(Long.MAX_VALUE / 1_000_000_000L));
            }
        }
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration wait = Duration.between(now, at);
            return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
        } catch (DateTimeParseException unreadable) {
            return Optional.empty();
        }
    }
}
