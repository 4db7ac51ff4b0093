package dev.strata.adapters.http.memory;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.SaveMemory;
import dev.strata.application.memory.Saved;
import dev.strata.application.memory.SecretSafeSearch;
import dev.strata.application.memory.WriteMemory;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.application.session.MemoryErasure;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.EventTime;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.memory.TimeScope;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code /v1/memory}: the REST resource over the general memory layer. */
public final class MemoryHttpService implements Resource {

    private static final Set<String> WRITE_FIELDS = Set.of("category", "content", "metadata", "source",
            "occurred_at");
    private static final Set<String> KEYED_WRITE_FIELDS = Set.of("category", "content", "metadata", "source", "key",
            "supersede_reason", "occurred_at");
    private static final Set<String> PATCH_FIELDS = Set.of("content", "metadata", "occurred_at");
    private static final Set<String> SEARCH_FIELDS = Set.of("query", "limit", "category", "occurred_after",
            "occurred_before", "as_of", "reference_time");

    /** The response header saying how many sessions a delete with {@code revoke_sessions=true} revoked. */
    static final String REVOKED_SESSIONS = "X-Strata-Revoked-Sessions";

    private final MemoryService memories;
    private final SecretSafeSearch search;
    private final MemoryErasure erasure;
    private final GatewaySettings settings;

    public MemoryHttpService(MemoryService memories, SecretSafeSearch search, MemoryErasure erasure,
                             GatewaySettings settings) {
        this.memories = memories;
        this.search = search;
        this.erasure = erasure;
        this.settings = settings;
    }

    @Override
    public String path() {
        return "/v1/memory";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/", this::write)
                .get("/", this::list)
                .delete("/", this::deleteByKey)
                .post("/batch", this::writeBatch)
                .post("/search", this::search)
                .get("/history", this::history)
                .get("/{id}", this::get)
                .patch("/{id}", this::update)
                .delete("/{id}", this::delete)
                .post("/{id}/restore", this::restore);
    }

    /** Without a key: spec 01's write. With a key: spec 02's save (a 409 shows the current entry). */
    private void write(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(KEYED_WRITE_FIELDS);
        if (!body.has("key")) {
            if (body.has("supersede_reason")) {
                throw new InvalidInputException("supersede_reason", "only applies to a write with a key");
            }
            Responses.json(res, Status.CREATED_201, MemoryView.of(memories.write(command(tenant, body, req))));
            return;
        }
        WriteMemory w = command(tenant, body, req);
        Saved saved = memories.save(new SaveMemory(tenant, body.requiredString("key"), w.content(),
                Optional.of(w.category()), body.optionalString("supersede_reason"), w.metadata(), w.source(),
                w.origin(), w.occurredAt()));
        Responses.json(res, Status.CREATED_201, MemoryView.of(saved.memory()));
    }

    /** {@code GET /v1/memory/history?key=K}: the whole chain of a key, newest first. */
    private void history(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        String key = Requests.param(req, "key").orElseThrow(() -> new InvalidInputException("key", "is required"));
        Optional<Instant> asOf = asOf(req);
        if (asOf.isPresent()) {
            // What was believed under the key then: the one entry of its chain active at that instant, if any.
            Optional<Memory> then = memories.historyAsOf(tenant, key, asOf.get());
            Responses.ok(res, new HistoryView(key, then.stream().map(MemoryView::of).toList(),
                    Optional.of(asOf.get().toString())));
            return;
        }
        List<Memory> chain = memories.history(tenant, key);
        Responses.ok(res, new HistoryView(key, chain.stream().map(MemoryView::of).toList(), Optional.empty()));
    }

    /** {@code DELETE /v1/memory?key=K}: soft-deletes the active entry of a key. */
    private void deleteByKey(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        String key = Requests.param(req, "key").orElseThrow(() -> new InvalidInputException("key",
                "is required (DELETE /v1/memory/{id} deletes by id)"));
        deleted(res, erasure.deleteByKey(tenant, key, revokeSessions(req), Actors.of(req)));
    }

    private void writeBatch(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        JsonBody body = Requests.json(req, settings.maxBatchBodyBytes()).allowOnly(Set.of("memories"));
        JsonValue array = body.value("memories")
                .orElseThrow(() -> new InvalidInputException("memories", "is required"));
        if (array.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new InvalidInputException("memories", "must be an array");
        }
        List<JsonValue> items = array.asJsonArray();
        if (items.size() > memories.limits().maxBatchSize()) {
            throw new InvalidInputException("memories", "must contain at most " + memories.limits().maxBatchSize()
                    + " memories");
        }
        WriteOrigin origin = WriteOrigin.person(Actors.of(req));
        List<WriteMemory> commands = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            String prefix = "memories[" + i + "].";
            if (items.get(i).getValueType() != JsonValue.ValueType.OBJECT) {
                throw new InvalidInputException("memories[" + i + "]", "must be a JSON object");
            }
            JsonBody item = JsonBody.of(items.get(i).asJsonObject(), prefix).allowOnly(WRITE_FIELDS);
            commands.add(command(tenant, item, origin));
        }
        List<Memory> stored = memories.writeAll(commands);
        Responses.json(res, Status.CREATED_201, MemoriesView.of(stored));
    }

    /** {@code GET /v1/memory}, or with {@code as_of} what was active at that instant. */
    private void list(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        Optional<Instant> asOf = asOf(req);
        if (asOf.isPresent()) {
            List<Memory> then = memories.listAsOf(tenant, Requests.param(req, "category"),
                    Requests.intParam(req, "limit"), asOf.get());
            Responses.ok(res, AsOfMemoriesView.of(then, asOf.get()));
            return;
        }
        Responses.ok(res, MemoriesView.of(memories.list(tenant, Requests.param(req, "category"),
                Requests.intParam(req, "limit"))));
    }

    /** The {@code as_of} query parameter: a date or an instant, or a 400 naming it. */
    static Optional<Instant> asOf(ServerRequest req) {
        return EventTime.parse("as_of", Requests.param(req, "as_of"));
    }

    private void search(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(SEARCH_FIELDS);
        String query = body.requiredString("query");
        Responses.ok(res, SearchView.of(search.search(tenant, query, body.optionalInt("limit"),
                body.optionalString("category"), timeScope(body), instant(body, "reference_time"))));
    }

    private void get(ServerRequest req, ServerResponse res) {
        Responses.ok(res, MemoryView.of(memories.get(Requests.tenant(req), id(req))));
    }

    private void update(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        MemoryId id = id(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(PATCH_FIELDS);
        MemoryChange change = new MemoryChange(body.optionalString("content"), body.optionalMetadata("metadata"),
                occurredAt(body));
        Responses.ok(res, MemoryView.of(memories.update(tenant, id, change, Actors.of(req))));
    }

    private void delete(ServerRequest req, ServerResponse res) {
        deleted(res, erasure.delete(Requests.tenant(req), id(req), revokeSessions(req), Actors.of(req)));
    }

    /** {@code ?revoke_sessions=true}: the delete also revokes every live session whose prompt holds the memory. */
    private static boolean revokeSessions(ServerRequest req) {
        return Requests.param(req, "revoke_sessions").map(v -> switch (v) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidInputException("revoke_sessions", "must be true or false");
        }).orElse(false);
    }

    private static void deleted(ServerResponse res, MemoryErasure.Erased erased) {
        res.header(REVOKED_SESSIONS, Integer.toString(erased.revokedSessions()));
        res.status(Status.NO_CONTENT_204).send();
    }

    private void restore(ServerRequest req, ServerResponse res) {
        Responses.ok(res, MemoryView.of(memories.restore(Requests.tenant(req), id(req), Actors.of(req))));
    }

    private static MemoryId id(ServerRequest req) {
        return MemoryId.parse(req.path().pathParameters().get("id"));
    }

    private static WriteMemory command(Tenant tenant, JsonBody body, ServerRequest req) {
        return command(tenant, body, WriteOrigin.person(Actors.of(req)));
    }

    /**
     * A REST write is a person's (spec 01: {@code user_manual} by default) until API keys carry
     * scopes; it may claim the agent-side sources too, never {@code learned_preference} or
     * {@code inferred} (see {@link WriteOrigin}).
     */
    private static WriteMemory command(Tenant tenant, JsonBody body, WriteOrigin origin) {
        String category = body.requiredString("category");
        String content = body.requiredString("content");
        Metadata metadata = body.optionalMetadata("metadata").orElse(Metadata.EMPTY);
        Optional<Source> source = body.optionalString("source", Source::parse);
        return new WriteMemory(tenant, category, content, metadata, source, origin, occurredAt(body));
    }

    /** A search's {@code occurred_after} / {@code occurred_before} (event time) and {@code as_of}. */
    private static TimeScope timeScope(JsonBody body) {
        return new TimeScope(instant(body, "occurred_after"), instant(body, "occurred_before"), instant(body, "as_of"));
    }

    private static Optional<Instant> instant(JsonBody body, String field) {
        return body.optionalString(field, t -> EventTime.parse(field, t));
    }

    /** {@code occurred_at}: the event time the writer states (a date or an instant, see {@link EventTime}). */
    private static Optional<Instant> occurredAt(JsonBody body) {
        return body.optionalString("occurred_at", t -> EventTime.parse("occurred_at", t));
    }
}
