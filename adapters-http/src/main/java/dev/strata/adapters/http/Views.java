package dev.strata.adapters.http;

import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.profile.ProfileEntry;
import dev.strata.domain.vault.VaultEntry;
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

    static Map<String, Object> memory(Memory m) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("id", m.id().value());
        v.put("category", m.category().value());
        v.put("content", m.content());
        v.put("metadata", metadata(m));
        v.put("source", m.source().wireName());
        v.put("created_at", m.createdAt().toString());
        v.put("updated_at", m.updatedAt().toString());
        return v;
    }

    static Map<String, Object> hit(SearchHit h) {
        Memory m = h.memory();
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("id", m.id().value());
        v.put("category", m.category().value());
        v.put("content", m.content());
        v.put("snippet", h.snippet());
        v.put("score", h.score());
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

    /**
     * A vault entry. A secret's value appears only when {@code reveal} is set, which only the explicit
     * {@code GET /v1/vault/{key}} does; listings, writes and tools show that a secret exists, not what it is.
     */
    static Map<String, Object> vaultEntry(VaultEntry e, boolean reveal) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("key", e.key());
        v.put("is_secret", e.secret());
        if (!e.secret() || reveal) {
            v.put("value", e.value());
        }
        v.put("updated_at", e.updatedAt().toString());
        return v;
    }

    private static Object metadata(Memory m) {
        try (JsonReader reader = Json.createReader(new StringReader(m.metadata().json()))) {
            return reader.readObject();
        }
    }
}
