package dev.strata.domain.conversation;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Content;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * A message as a client sends it. Its text obeys the same invariants as a memory's
 * ({@link Content#check}: not blank, no NUL, stored stripped); the configured length limit is the
 * service's to apply. {@code timestamp} is when it was said, as the client reports it.
 */
public record NewMessage(MessageId id, MessageRole role, String content, Instant timestamp) {

    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

    public NewMessage {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(role, "role");
        content = Content.check(content);
        Objects.requireNonNull(timestamp, "timestamp");
        if (timestamp.isBefore(Instant.EPOCH) || timestamp.isAfter(LATEST)) {
            throw new InvalidInputException("timestamp", "must lie between 1970 and the year 9999");
        }
        timestamp = timestamp.truncatedTo(ChronoUnit.MILLIS);
    }
}
