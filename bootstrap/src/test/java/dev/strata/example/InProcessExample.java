package dev.strata.example;

// README:in-process:begin
import dev.strata.application.memory.MemoryTools;
import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.tool.ToolResult;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.json.JsonNode;

import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Strata in a plain main: no server, no HTTP; the same wiring and tool registry as `strata serve`. */
public final class InProcessExample {

    public static void main(String[] args) {
        Path dataDir = Path.of(args.length > 0 ? args[0] : "data");
        // defaults, then STRATA_* environment variables, as the server reads them; the data directory from here
        StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dataDir);
        try (StrataCore strata = StrataCore.open(settings, Clock.systemUTC())) {
            strata.retrieval().startEmbedding(strata.memory().memories()); // background embedding, as serve does
            ToolRegistry tools = strata.tools();
            ToolCall call = new ToolCall(Tenant.of("acme"), Actor.claimed("my-agent", Optional.empty()));

            ToolResult written = tools.find("memory_write").orElseThrow().call(call,
                    object("category", "preference", "content", "always use 0.5% slippage on swaps"));
            System.out.println("written: " + (written instanceof ToolResult.Ok));

            ToolResult found = tools.find("memory_search").orElseThrow().call(call, object("query", "slippage"));
            if (found instanceof ToolResult.Ok ok && ok.data() instanceof MemoryTools.Results results) {
                results.results().forEach(r -> System.out.println("found: " + r.hit().memory().content()));
            } else if (found instanceof ToolResult.Failed failed) {
                System.out.println("refused: " + failed.error().getMessage());
            }

            // the frozen <memory-context> block a session would inject (GET /v1/snapshot)
            System.out.println(strata.session().snapshots().render(call.tenant()));
        }
    }

    /** Tool arguments are a JSON tree; a flat object of strings is all this example needs. */
    private static JsonNode object(String... namesAndValues) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put(namesAndValues[i], new JsonNode.TextNode(namesAndValues[i + 1]));
        }
        return new JsonNode.ObjectNode(fields);
    }
}
// README:in-process:end
