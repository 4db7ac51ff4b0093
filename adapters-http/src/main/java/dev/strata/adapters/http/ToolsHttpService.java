package dev.strata.adapters.http;

import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.SaveMemory;
import dev.strata.application.memory.Saved;
import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.error.ConflictException;
import dev.strata.application.vault.VaultService;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryType;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code /v1/tools/<name>}: the agent tools of spec 01, taking the tool's arguments as the JSON body
 * and answering the spec's envelope: {@code {"ok":true,"data":...}} or {@code {"ok":false,"error":"..."}}.
 * Failures keep an HTTP 4xx/5xx status so generic clients still see them, but the body is the
 * envelope an agent's tool runner expects.
 */
final class ToolsHttpService implements HttpService {

    private static final List<String> TOOLS = List.of("memory_write", "memory_search", "memory_read", "memory_save",
            "memory_delete", "memory_list", "vault_set", "vault_get", "vault_list", "vault_delete");

    private final MemoryService memories;
    private final GeneralFactService facts;
    private final VaultService vault;
    private final GatewaySettings settings;
    private final SecretSafeSnippets snippets;

    ToolsHttpService(MemoryService memories, GeneralFactService facts, VaultService vault, GatewaySettings settings,
                     SecretSafeSnippets snippets) {
        this.memories = memories;
        this.facts = facts;
        this.vault = vault;
        this.settings = settings;
        this.snippets = snippets;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/memory_write", (req, res) -> run(req, res, this::memoryWrite))
                .post("/memory_search", (req, res) -> run(req, res, this::memorySearch))
                .post("/memory_read", (req, res) -> run(req, res, this::memoryRead))
                .post("/memory_save", (req, res) -> run(req, res, this::memorySave))
                .post("/memory_delete", (req, res) -> run(req, res, this::memoryDelete))
                .post("/memory_list", (req, res) -> run(req, res, this::memoryList))
                .post("/vault_set", (req, res) -> run(req, res, this::vaultSet))
                .post("/vault_get", (req, res) -> run(req, res, this::vaultGet))
                .post("/vault_list", (req, res) -> run(req, res, this::vaultList))
                .post("/vault_delete", (req, res) -> run(req, res, this::vaultDelete))
                .any("/{name}", this::unknown);
    }

    /** Not a tool call: a tool name nobody knows (404), or a known tool asked with a method other than POST (405). */
    private void unknown(ServerRequest req, ServerResponse res) {
        String name = req.path().pathParameters().get("name");
        if (TOOLS.contains(name)) {
            res.header(HeaderNames.ALLOW, "POST");
            envelope(res, Status.METHOD_NOT_ALLOWED_405,
                    error("tool '" + name + "' is called with POST and its arguments as a JSON body", Optional.empty(),
                            Map.of()));
            return;
        }
        envelope(res, Status.NOT_FOUND_404, error("unknown tool '" + name + "' (known: "
                + String.join(", ", TOOLS) + ")", Optional.empty(), Map.of()));
    }

    /**
     * memory_write({category, content, metadata?}): an agent's write; its provenance is agent_recorded.
     * The {@code fact} category (after alias resolution) goes to the general fact layer instead: it is
     * recorded pending and consolidated in the background (spec 01); facts keep no metadata.
     */
    private Object memoryWrite(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of("category", "content", "metadata", "source"));
        Source source = args.optionalString("source", Source::parse).orElse(Source.AGENT_RECORDED);
        if (Category.resolve(args.requiredString("category")).equals(Category.FACT)) {
            // Facts keep no metadata, but a malformed or oversized one is still refused, as for any write.
            args.optionalMetadata("metadata").filter(m -> m.json().length() > memories.limits().maxMetadataChars())
                    .ifPresent(m -> {
                        throw new InvalidInputException("metadata", "must be at most "
                                + memories.limits().maxMetadataChars() + " characters of JSON");
                    });
            Fact fact = facts.recordFact(tenant, args.requiredString("content"));
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("id", fact.id().value());
            data.put("status", fact.status().wireName());
            data.put("fact", Views.fact(fact));
            return data;
        }
        Memory m = memories.write(new WriteMemory(tenant, args.requiredString("category"),
                args.requiredString("content"), args.optionalMetadata("metadata").orElse(Metadata.EMPTY), source));
        return Map.of("id", m.id().value(), "memory", Views.memory(m));
    }

    /** memory_search({query, limit?}); spec 02's max_results is accepted as a synonym of limit. */
    private Object memorySearch(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of("query", "limit", "max_results", "category"));
        if (args.has("limit") && args.has("max_results")) {
            throw new InvalidInputException("max_results", "give either limit or max_results, not both");
        }
        Optional<Integer> limit = args.has("max_results") ? args.optionalInt("max_results") : args.optionalInt("limit");
        String query = args.requiredString("query");
        var results = snippets.guard(memories.searchRanked(tenant, query, limit, args.optionalString("category")),
                query);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("results", results.hits().stream().map(Views::found).toList());
        data.put("search_mode", results.mode().wireName());
        return data;
    }

    /**
     * spec 02 memory_save({key, content, type?, supersede_reason?}). The answer says whether the save
     * inserted or superseded, and carries spec 02's non-blocking type suggestion when there is one.
     */
    private Object memorySave(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of("key", "content", "type", "supersede_reason", "metadata"));
        Category type = MemoryType.resolve(args.optionalString("type"));
        Saved saved = memories.save(new SaveMemory(tenant, args.requiredString("key"), args.requiredString("content"),
                Optional.of(type.value()), args.optionalString("supersede_reason"),
                args.optionalMetadata("metadata").orElse(Metadata.EMPTY), Source.AGENT_RECORDED));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("action", saved.superseded().isPresent() ? "superseded" : "inserted");
        data.put("memory", Views.memory(saved.memory()));
        saved.superseded().ifPresent(old -> data.put("superseded", Views.memory(old)));
        saved.typeSuggestion().ifPresent(s -> data.put("type_suggestion", s.value()));
        return data;
    }

    /** spec 02 memory_delete({key}): the key's active entry becomes inactive (soft delete). */
    private Object memoryDelete(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of("key"));
        Memory deleted = memories.deleteByKey(tenant, args.requiredString("key"));
        return Map.of("deleted", true, "id", deleted.id().value(), "key", args.requiredString("key"));
    }

    /** spec 02 memory_list({type?}): active entries, optionally of one type. */
    private Object memoryList(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of("type", "limit"));
        return Views.memories(memories.listByType(tenant, args.optionalString("type"), args.optionalInt("limit")));
    }

    /** memory_read({category?, limit?}): a category's memories, most recently updated first. */
    private Object memoryRead(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of("category", "limit"));
        return Views.memories(memories.list(tenant, args.optionalString("category"), args.optionalInt("limit")));
    }

    /** vault_set({key, value, is_secret?}): the answer never echoes a secret's value. */
    private Object vaultSet(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of("key", "value", "is_secret"));
        return Views.vaultEntry(vault.set(tenant, args.requiredString("key"), args.requiredString("value"),
                args.optionalBoolean("is_secret").orElse(false)), false);
    }

    /**
     * vault_get({key}): a plain value, or only the fact that a secret exists. Tool output lands in the
     * model's context and transcripts, where spec 02 says secrets must never appear; programs that
     * need a credential read it with {@code GET /v1/vault/{key}}.
     */
    private Object vaultGet(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of("key"));
        return Views.vaultEntry(vault.get(tenant, args.requiredString("key")), false);
    }

    /** vault_list({}): keys with their secret flag, values of plain entries only. */
    private Object vaultList(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of());
        return Map.of("entries", vault.list(tenant).stream().map(e -> Views.vaultEntry(e, false)).toList());
    }

    /** vault_delete({key}). */
    private Object vaultDelete(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of("key"));
        String key = args.requiredString("key");
        vault.delete(tenant, key);
        return Map.of("deleted", key);
    }

    private void run(ServerRequest req, ServerResponse res, Tool tool) {
        try {
            Tenant tenant = Requests.tenant(req);
            JsonBody args = Requests.json(req, settings.maxBodyBytes());
            Map<String, Object> ok = new LinkedHashMap<>();
            ok.put("ok", true);
            ok.put("data", tool.call(tenant, args));
            envelope(res, Status.OK_200, ok);
        } catch (InvalidInputException e) {
            envelope(res, Status.BAD_REQUEST_400, error(e.getMessage(), Optional.of(e.field()), Map.of()));
        } catch (HttpProblemException e) {
            envelope(res, e.problem().status(), error(e.getMessage(),
                    Optional.ofNullable(e.problem().extensions().get("field")).map(String::valueOf), Map.of()));
        } catch (ConflictException e) {
            envelope(res, Status.CONFLICT_409, error(e.getMessage(), Optional.empty(), e.details()));
        } catch (DomainException e) {
            envelope(res, Gateway.statusOf(e), error(e.getMessage(), Optional.empty(), Map.of()));
        }
    }

    private static Map<String, Object> error(String message, Optional<String> field, Map<String, Object> details) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ok", false);
        body.put("error", message);
        field.ifPresent(f -> body.put("field", f));
        if (!details.isEmpty()) {
            body.put("details", details);
        }
        return body;
    }

    private static void envelope(ServerResponse res, Status status, Map<String, Object> body) {
        Responses.json(res, status, body);
    }

    @FunctionalInterface
    private interface Tool {
        Object call(Tenant tenant, JsonBody args);
    }
}
