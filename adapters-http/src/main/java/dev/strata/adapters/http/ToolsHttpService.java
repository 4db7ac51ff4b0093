package dev.strata.adapters.http;

import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.WriteMemory;
import dev.strata.application.vault.VaultService;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.LinkedHashMap;
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

    private final MemoryService memories;
    private final VaultService vault;
    private final GatewaySettings settings;
    private final SecretSafeSnippets snippets;

    ToolsHttpService(MemoryService memories, VaultService vault, GatewaySettings settings, SecretSafeSnippets snippets) {
        this.memories = memories;
        this.vault = vault;
        this.settings = settings;
        this.snippets = snippets;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/memory_write", (req, res) -> run(req, res, this::memoryWrite))
                .post("/memory_search", (req, res) -> run(req, res, this::memorySearch))
                .post("/memory_read", (req, res) -> run(req, res, this::memoryRead))
                .post("/vault_set", (req, res) -> run(req, res, this::vaultSet))
                .post("/vault_get", (req, res) -> run(req, res, this::vaultGet))
                .post("/vault_list", (req, res) -> run(req, res, this::vaultList))
                .post("/vault_delete", (req, res) -> run(req, res, this::vaultDelete))
                .any("/{name}", (req, res) -> envelope(res, Status.NOT_FOUND_404,
                        error("unknown tool '" + req.path().pathParameters().get("name")
                                + "' (known: memory_write, memory_search, memory_read, vault_set, vault_get, "
                                + "vault_list, vault_delete)", Optional.empty())));
    }

    /** memory_write({category, content, metadata?}): an agent's write; its provenance is agent_recorded. */
    private Object memoryWrite(Tenant tenant, JsonBody args) {
        args.allowOnly(Set.of("category", "content", "metadata", "source"));
        Source source = args.optionalString("source", Source::parse).orElse(Source.AGENT_RECORDED);
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
        var hits = snippets.guard(memories.search(tenant, query, limit, args.optionalString("category")), query);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("results", hits.stream().map(Views::hit).toList());
        data.put("search_mode", "keyword");
        return data;
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
            envelope(res, Status.BAD_REQUEST_400, error(e.getMessage(), Optional.of(e.field())));
        } catch (HttpProblemException e) {
            envelope(res, e.problem().status(), error(e.getMessage(), Optional.empty()));
        } catch (DomainException e) {
            envelope(res, Gateway.statusOf(e), error(e.getMessage(), Optional.empty()));
        }
    }

    private static Map<String, Object> error(String message, Optional<String> field) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ok", false);
        body.put("error", message);
        field.ifPresent(f -> body.put("field", f));
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
