package dev.strata.adapters.http.memory;

import dev.strata.domain.memory.Memory;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.spi.JsonProvider;

import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A memory. {@code type} repeats {@code category} under spec 02's name; the supersede fields and
 * {@code deleted_at} appear only on entries that have them, {@code key} is {@code null} on unkeyed ones.
 * {@code occurred_at} is the event time (equal to {@code created_at} when the writer stated none).
 */
public record MemoryView(long id, String key, String category, String type, String content, JsonObject metadata,
                         String source, boolean isActive, List<String> injectionFlags, Optional<Long> supersedesId,
                         Optional<String> supersedeReason, Optional<String> supersededAt, Optional<String> deletedAt,
                         String createdAt, String updatedAt, String updatedBy, String occurredAt) {

    /**
     * One factory for every view: {@code Json.createReader} looks the JSON provider up through the
     * service loader on each call, a scan of the class path that cost about a millisecond per hit.
     */
    private static final JsonReaderFactory READERS = JsonProvider.provider().createReaderFactory(Map.of());

    public static MemoryView of(Memory m) {
        return new MemoryView(m.id().value(), m.key().map(Object::toString).orElse(null), m.category().value(),
                m.category().value(), m.content(), metadata(m), m.source().wireName(), m.isActive(),
                m.injectionFlags(), m.supersedes().map(s -> s.previous().value()),
                m.supersedes().map(s -> s.reason()), m.supersededAt().map(Object::toString),
                m.deletedAt().map(Object::toString), m.createdAt().toString(), m.updatedAt().toString(),
                m.updatedBy().id(), m.occurredAt().toString());
    }

    /** The metadata as the JSON object it is, not as a string holding JSON. */
    static JsonObject metadata(Memory m) {
        try (JsonReader reader = READERS.createReader(new StringReader(m.metadata().json()))) {
            return reader.readObject();
        }
    }
}
