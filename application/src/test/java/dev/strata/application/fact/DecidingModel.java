package dev.strata.application.fact;

import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.StructuredOutputException;
import dev.strata.domain.languagemodel.TokenUsage;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** A scripted consolidation model: answers decisions in order and remembers every request. */
final class DecidingModel implements LanguageModel {

    static final String MODEL = "stub-consolidator";

    private final Deque<Supplier<ChatResponse>> script = new ArrayDeque<>();
    final List<ChatRequest> received = new ArrayList<>();

    DecidingModel decides(String decision, String target, String reason) {
        return decidesAfter(() -> { }, decision, target, reason);
    }

    /** Answers after {@code meanwhile} ran, as if the world changed while the model was thinking. */
    DecidingModel decidesAfter(Runnable meanwhile, String decision, String target, String reason) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        fields.put("decision", new JsonNode.TextNode(decision));
        fields.put("target", new JsonNode.TextNode(target));
        fields.put("reason", new JsonNode.TextNode(reason));
        JsonNode.ObjectNode json = new JsonNode.ObjectNode(fields);
        script.add(() -> {
            meanwhile.run();
            return ChatResponse.structured("{...}", json, new TokenUsage(120, 20), MODEL);
        });
        return this;
    }

    /** The model answered twice (first reply and repair) without a usable JSON object. */
    DecidingModel failsToProduceJson() {
        script.add(() -> {
            throw new StructuredOutputException("fact_consolidation", List.of("the reply held no JSON object"),
                    "I think they are different.", new TokenUsage(200, 40));
        });
        return this;
    }

    @Override
    public synchronized ChatResponse chat(ChatRequest request) {
        received.add(request);
        if (script.isEmpty()) {
            throw new AssertionError("unexpected model call: " + request.messages());
        }
        return script.poll().get();
    }

    @Override
    public boolean isEnabled() {
        return true;
    }

    @Override
    public String model() {
        return MODEL;
    }

    String lastPrompt() {
        ChatRequest last = received.getLast();
        return last.system() + "\n---\n" + last.messages().getFirst().content();
    }
}
