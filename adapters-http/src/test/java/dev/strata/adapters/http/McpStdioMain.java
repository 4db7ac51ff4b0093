package dev.strata.adapters.http;

import dev.strata.adapters.http.mcp.McpDispatcher;
import dev.strata.adapters.http.mcp.McpResources;
import dev.strata.adapters.http.mcp.McpStdio;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.session.SessionId;

import java.util.Optional;

/**
 * A child process for {@link McpSdkStdioTest}: the stdio transport over the in-memory backend, so the
 * SDK's own {@code StdioClientTransport} can launch it the way a desktop client launches {@code strata mcp}.
 */
public final class McpStdioMain {

    private McpStdioMain() {
    }

    public static void main(String[] args) {
        InMemoryBackend backend = new InMemoryBackend();
        McpDispatcher dispatcher = new McpDispatcher(backend.tools, new McpResources(backend.snapshots::render,
                (tenant, id) -> backend.sessions.prompt(tenant, SessionId.parse(id))));
        new McpStdio(dispatcher, Tenant.of(args[0]), Actor.claimed("sdk-stdio", Optional.empty()), 1 << 20)
                .run(System.in, System.out);
    }
}
