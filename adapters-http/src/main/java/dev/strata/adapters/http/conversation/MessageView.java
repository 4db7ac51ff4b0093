package dev.strata.adapters.http.conversation;

import dev.strata.domain.conversation.Message;

import java.time.Instant;

/** One stored message; {@code seq} is its arrival number (the {@code after} of the next page). */
record MessageView(long seq, String id, String role, String content, Instant timestamp, Instant storedAt) {

    static MessageView of(Message m) {
        return new MessageView(m.seq(), m.id().value(), m.role().wireName(), m.content(), m.timestamp(), m.storedAt());
    }
}
