package dev.strata.adapters.http;

import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.profile.ProfileEntry;
import jakarta.json.Json;
import jakarta.json.JsonReader;

import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON shapes of the API, built as ordered maps so field order is stable across releases. */
final class Views {

    private Views() {
    }

    /**
     * A memory. {@code type} repeats {@code category} under spec 02's name; the supersede fields
     * appear only on keyed entries that have them.
     */
    static Map<String, Object> memory(Memory m) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("id", m.id().value());
        v.put("key", m.key().map(Object::toString).orElse(null));
        v.put("category", m.category().value());
        v.put("type", m.category().value());
        v.put("content", m.content());
        v.put("metadata", metadata(m));
        v.put("source", m.source().wireName());
        v.put("is_active", m.isActive());
        m.supersedes().ifPresent(s -> {
            v.put("supersedes_id", s.previous().value());
            v.put("supersede_reason", s.reason());
        });
        m.supersededAt().ifPresent(t -> v.put("superseded_at", t.toString()));
        m.deletedAt().ifPresent(t -> v.put("deleted_at", t.toString()));
        v.put("created_at", m.createdAt().toString());
        v.put("updated_at", m.updatedAt().toString());
        return v;
    }

    static Map<String, Object> hit(SearchHit h) {
        Memory m = h.memory();
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("id", m.id().value());
        v.put("key", m.key().map(Object::toString).orElse(null));
        v.put("category", m.category().value());
        v.put("type", m.category().value());
        v.put("content", m.content());
        v.put("snippet", h.snippet());
        v.put("score", h.score());
        v.put("is_active", m.isActive());
        v.put("source", m.source().wireName());
        v.put("metadata", metadata(m));
        v.put("updated_at", m.updatedAt().toString());
        return v;
    }

    static Map<String, Object> memories(List<Memory> memories) {
        return Map.of("memories", memories.stream().map(Views::memory).toList());
    }

    static Map<String, Object> profileEntry(ProfileEntry e) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("key", e.key());
        v.put("value", e.value());
        v.put("updated_at", e.updatedAt().toString());
        return v;
    }

    private static Object metadata(Memory m) {
        try (JsonReader reader = Json.createReader(new StringReader(m.metadata().json()))) {
            return reader.readObject();
        }
    }
}
