package dev.strata.application.learning;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.TokenUsage;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A language model that answers from a script and remembers what it was asked; disabled when told so. */
final class FakeModel implements LanguageModel {

    private final boolean enabled;
    private final Deque<Function<ChatRequest, ChatResponse>> script = new ArrayDeque<>();
    final List<ChatRequest> received = new ArrayList<>();

    private FakeModel(boolean enabled) {
        this.enabled = enabled;
    }

    static FakeModel disabled() {
        return new FakeModel(false);
    }

    static FakeModel enabled() {
        return new FakeModel(true);
    }

    FakeModel answering(JsonNode.ObjectNode json) {
        script.add(r -> ChatResponse.structured(json.toString(), json, new TokenUsage(10, 10), "fake-model"));
        return this;
    }

    FakeModel failing(RuntimeException e) {
        script.add(r -> {
            throw e;
        });
        return this;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        received.add(request);
        if (!enabled) {
            throw new UnavailableException("no model");
        }
        if (script.isEmpty()) {
            throw new AssertionError("unexpected model call: " + request.system());
        }
        return script.poll().apply(request);
    }

    @Override
    public boolean isEnabled() {
        return enabled;
    }

    @Override
    public String model() {
        return enabled ? "fake-model" : "none";
    }

    /** {"key": [ {field: value...}, ... ]} with string and integer values. */
    @SafeVarargs
    static JsonNode.ObjectNode listOf(String key, Map<String, Object>... items) {
        List<JsonNode> nodes = new ArrayList<>();
        for (Map<String, Object> item : items) {
            Map<String, JsonNode> fields = new LinkedHashMap<>();
            item.forEach((k, v) -> fields.put(k, v instanceof Number n ? new JsonNode.NumberNode(new BigDecimal(n.toString()))
                    : new JsonNode.TextNode(v.toString())));
            nodes.add(new JsonNode.ObjectNode(fields));
        }
        return new JsonNode.ObjectNode(Map.of(key, new JsonNode.ArrayNode(nodes)));
    }
}
