package dev.strata.adapters.http;

import dev.strata.application.entity.EntityNeighborhood;
import dev.strata.application.model.SpendReport;
import dev.strata.domain.entity.EntityCount;
import dev.strata.domain.entity.FinanceEntity;
import dev.strata.domain.memory.LinkedMemory;
import dev.strata.domain.fact.ConsolidationEvent;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactId;
import dev.strata.domain.fact.RowRef;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.model.Spend;
import dev.strata.domain.model.SpendCategory;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.retrieval.Arm;
import dev.strata.application.memory.SearchResults;
import dev.strata.domain.profile.ProfileEntry;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.session.Session;
import dev.strata.domain.workspace.WorkspaceNotice;
import dev.strata.domain.vault.VaultEntry;
import jakarta.json.Json;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;

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
        v.put("injection_flags", m.injectionFlags());
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

    /** A search hit and the arm(s) that found it ({@code arms}: keyword, vector). */
    static Map<String, Object> found(SearchResults.Found found) {
        Map<String, Object> v = hit(found.hit());
        v.put("arms", found.orderedArms().stream().map(Arm::wireName).toList());
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
        v.put("injection_flags", m.injectionFlags());
        v.put("updated_at", m.updatedAt().toString());
        return v;
    }

    static Map<String, Object> memories(List<Memory> memories) {
        return Map.of("memories", memories.stream().map(Views::memory).toList());
    }

    /** An entity as the edges store it: {@code kind} and normalised {@code key}. */
    static Map<String, Object> entity(FinanceEntity e) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("kind", e.kind().wireName());
        v.put("key", e.key());
        return v;
    }

    static Map<String, Object> entityCount(EntityCount c) {
        Map<String, Object> v = entity(c.entity());
        v.put("memories", c.memories());
        v.put("edges", c.edges());
        return v;
    }

    /** The entity as normalised and its memories, each a memory plus the {@code edges} that link it. */
    static Map<String, Object> neighborhood(EntityNeighborhood n) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("entity", entity(n.entity()));
        v.put("memories", n.memories().stream().map(Views::linkedMemory).toList());
        return v;
    }

    private static Map<String, Object> linkedMemory(LinkedMemory l) {
        Map<String, Object> v = memory(l.memory());
        v.put("edges", l.edges().stream().map(e -> {
            Map<String, Object> edge = new LinkedHashMap<>();
            edge.put("type", e.type().wireName());
            edge.put("kind", e.target().kind().wireName());
            edge.put("key", e.target().key());
            edge.put("weight", e.weight());
            return edge;
        }).toList());
        return v;
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

    static Map<String, Object> fact(Fact f) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("id", f.id().value());
        v.put("content", f.content());
        v.put("status", f.status().wireName());
        v.put("source", f.source().wireName());
        v.put("normalized", f.normalized());
        v.put("created_at", f.createdAt().toString());
        v.put("settled_at", f.settledAt().map(Object::toString).orElse(null));
        v.put("retired_by", f.retiredBy().map(FactId::value).orElse(null));
        v.put("reason", f.reason().orElse(null));
        return v;
    }

    static Map<String, Object> event(ConsolidationEvent e) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("fact_id", e.fact().value());
        v.put("decision", e.decision().wireName());
        v.put("outcome", e.outcome().wireName());
        v.put("target", e.target().map(RowRef::toString).orElse(null));
        v.put("named", e.named());
        v.put("reason", e.reason());
        v.put("model", e.model());
        v.put("prompt_hash", e.promptHash());
        v.put("created_at", e.at().toString());
        return v;
    }

    /** Dollars travel as decimal strings, so no JSON parser rounds them through a double. */
    static Map<String, Object> spend(SpendReport r) {
        Map<String, Object> byCategory = new LinkedHashMap<>();
        for (SpendCategory c : SpendCategory.values()) {
            if (r.spend().byCategory().containsKey(c)) {
                byCategory.put(c.key(), spend(r.spend().of(c)));
            }
        }
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("tenant", r.spend().tenant());
        v.put("day", r.spend().day().toString());
        v.put("enabled", r.enabled());
        v.put("model", r.model());
        v.put("by_category", byCategory);
        v.put("total", spend(r.spend().total()));
        v.put("daily_token_cap", r.dailyTokenCap().isPresent() ? r.dailyTokenCap().getAsLong() : null);
        v.put("daily_usd_cap", r.dailyUsdCap().map(java.math.BigDecimal::toPlainString).orElse(null));
        v.put("remaining_tokens", r.remainingTokens().isPresent() ? r.remainingTokens().getAsLong() : null);
        v.put("remaining_usd", r.remainingUsd().map(java.math.BigDecimal::toPlainString).orElse(null));
        return v;
    }

    private static Map<String, Object> spend(Spend s) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("input_tokens", s.inputTokens());
        v.put("output_tokens", s.outputTokens());
        v.put("tokens", s.tokens());
        v.put("usd", s.usd().toPlainString());
        v.put("calls", s.calls());
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

    /**
     * One factory for every view: {@code Json.createReader} looks the JSON provider up through the
     * service loader on each call, a scan of the class path that cost about a millisecond per hit.
     */
    private static final JsonReaderFactory READERS = Json.createReaderFactory(Map.of());

    private static Object metadata(Memory m) {
        try (JsonReader reader = READERS.createReader(new StringReader(m.metadata().json()))) {
            return reader.readObject();
        }
    }
}
