package dev.strata.adapters.http;

import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.profile.ProfileEntry;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.session.Session;
import dev.strata.domain.workspace.WorkspaceNotice;
import jakarta.json.Json;
import jakarta.json.JsonReader;

import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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

    static Map<String, Object> session(Session s) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("id", s.id().value());
        v.put("created_at", s.createdAt().toString());
        v.put("expires_at", s.expiresAt().toString());
        v.put("bootstrap", s.bootstrap());
        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("name", s.identity().name().orElse(null));
        identity.put("vibe", s.identity().vibe().orElse(null));
        identity.put("emoji", s.identity().emoji().orElse(null));
        v.put("identity", identity);
        v.put("blocks", s.blocks().stream().map(Views::block).toList());
        v.put("notices", s.notices().stream().map(Views::notice).toList());
        return v;
    }

    private static Map<String, Object> block(PromptBlock b) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("name", b.name());
        v.put("text", b.text());
        v.put("cache", b.cache());
        return v;
    }

    private static Map<String, Object> notice(WorkspaceNotice n) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("type", n.type().name().toLowerCase(Locale.ROOT));
        v.put("path", n.path());
        v.put("message", n.message());
        return v;
    }

    private static Object metadata(Memory m) {
        try (JsonReader reader = Json.createReader(new StringReader(m.metadata().json()))) {
            return reader.readObject();
        }
    }
}
