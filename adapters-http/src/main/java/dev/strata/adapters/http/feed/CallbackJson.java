package dev.strata.adapters.http.feed;

import dev.strata.domain.role.RoleMemoryEntry;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;

import java.io.StringReader;
import java.time.Instant;

/** The entry as every role callback receives it. */
final class CallbackJson {

    private CallbackJson() {
    }

    static JsonObjectBuilder entry(RoleMemoryEntry entry, Instant now) {
        JsonObjectBuilder out = Json.createObjectBuilder()
                .add("entry_id", entry.id().value())
                .add("tenant", entry.tenant().value())
                .add("role", entry.role().value())
                .add("decision", entry.decision())
                .add("created_at", entry.createdAt().toString())
                .add("now", now.toString());
        entry.asset().ifPresentOrElse(a -> out.add("asset", a.symbol()), () -> out.addNull("asset"));
        try (JsonReader reader = Json.createReader(new StringReader(entry.inputs().json()))) {
            out.add("inputs", reader.readObject());
        } catch (JsonException | IllegalStateException e) {
            // Stored inputs are checked JSON objects; should one not parse, the callback still gets the text.
            out.add("inputs_text", entry.inputs().json());
        }
        return out;
    }
}
