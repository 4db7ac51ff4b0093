package dev.strata.adapters.http.mcp;

import dev.strata.domain.memory.Tenant;

import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What {@code /mcp} serves as MCP resources, handed in by the composition root as plain functions:
 * the MCP front end stays a translator (it may not call use-case services itself, see the
 * architecture rule "only the registry decides tool behaviour").
 *
 * @param contextBlock  the tenant's fenced {@code <memory-context>} block, as {@code GET /v1/snapshot} renders it
 * @param sessionPrompt a frozen session's prompt by its id text, as {@code GET /v1/sessions/{id}/prompt}
 *                      answers it; an unknown id throws the domain's not-found, a malformed one its invalid-input
 */
public record McpResources(Function<Tenant, String> contextBlock, BiFunction<Tenant, String, String> sessionPrompt) {

    static final String CONTEXT_URI = "strata://memory/context";
    static final String SESSION_PROMPT_PREFIX = "strata://sessions/";
    static final String SESSION_PROMPT_SUFFIX = "/prompt";
    static final String SESSION_PROMPT_TEMPLATE = SESSION_PROMPT_PREFIX + "{id}" + SESSION_PROMPT_SUFFIX;

    public McpResources {
        Objects.requireNonNull(contextBlock, "contextBlock");
        Objects.requireNonNull(sessionPrompt, "sessionPrompt");
    }
}
