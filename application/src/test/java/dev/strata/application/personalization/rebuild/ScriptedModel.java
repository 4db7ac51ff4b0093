package dev.strata.application.personalization.rebuild;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.StructuredOutputException;
import dev.strata.domain.languagemodel.TokenUsage;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A scripted rebuild model. Like a real provider client it checks each answer against the request's
 * schema and fails with {@link StructuredOutputException} when it does not fit, so a malformed
 * answer reaches the flow exactly as it would in production.
 */
class ScriptedModel implements LanguageModel {

    private final Deque<Supplier<JsonNode.ObjectNode>> script = new ArrayDeque<>();
    final List<ChatRequest> received = new ArrayList<>();
    private final boolean enabled;

    ScriptedModel() {
        this(true);
    }

    ScriptedModel(boolean enabled) {
        this.enabled = enabled;
    }

    ScriptedModel answers(JsonNode.ObjectNode answer) {
        script.add(() -> answer);
        return this;
    }

    ScriptedModel isUnavailable() {
        script.add(() -> {
            throw new UnavailableException("model unreachable: connection refused");
        });
        return this;
    }

    @Override
    public synchronized ChatResponse chat(ChatRequest request) {
        received.add(request);
        if (!enabled) {
            throw new UnavailableException("no model configured");
        }
        if (script.isEmpty()) {
            throw new AssertionError("unexpected model call: " + request.messages().getFirst().content());
        }
        JsonNode.ObjectNode answer = script.poll().get();
        var schema = request.outputSchema().orElseThrow();
        List<String> problems = schema.shape().violations(answer);
        if (!problems.isEmpty()) {
            throw new StructuredOutputException(schema.name(), problems, answer.toString(), new TokenUsage(100, 10));
        }
        return ChatResponse.structured(answer.toString(), answer, new TokenUsage(100, 10), "stub-rebuilder");
    }

    @Override
    public boolean isEnabled() {
        return enabled;
    }

    @Override
    public String model() {
        return enabled ? "stub-rebuilder" : "none";
    }

    String lastPrompt() {
        return received.getLast().messages().getFirst().content();
    }

    // --- a small JSON builder -------------------------------------------------------------------

    static JsonNode.ObjectNode object(Object... keysAndValues) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            fields.put((String) keysAndValues[i], node(keysAndValues[i + 1]));
        }
        return new JsonNode.ObjectNode(fields);
    }

    static JsonNode.ArrayNode array(Object... items) {
        return new JsonNode.ArrayNode(Arrays.stream(items).map(ScriptedModel::node).toList());
    }

    private static JsonNode node(Object value) {
        return switch (value) {
            case JsonNode n -> n;
            case String s -> new JsonNode.TextNode(s);
            case Integer n -> new JsonNode.NumberNode(BigDecimal.valueOf(n));
            case Boolean b -> new JsonNode.BooleanNode(b);
            default -> throw new IllegalArgumentException("no JSON for " + value);
        };
    }

    static JsonNode.ObjectNode facts(String... contents) {
        return object("facts", array(Arrays.stream(contents).map(c -> (Object) object("content", c)).toArray()));
    }

    static JsonNode.ObjectNode summary(String overall, String spot, String perps, String references) {
        return object("platform_wallet_summary", overall, "spot_breakdown", spot, "perps_breakdown", perps,
                "reference_wallets_summary", references);
    }
}
