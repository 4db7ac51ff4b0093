package dev.strata.adapters.llm.chat;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.ChatMessage;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.OutputSchema;
import dev.strata.domain.languagemodel.StructuredOutputException;
import dev.strata.domain.languagemodel.TokenUsage;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Turns provider replies into the domain's answer. For a request with an {@link OutputSchema}
 * it extracts the JSON object from the reply (a tool call, the bare text, a code fence or the
 * prose around it), validates it against the schema and, when that fails, asks the model once
 * more with the problems spelled out. A second failure is a {@link StructuredOutputException}
 * carrying the usage of both attempts; nothing is silently dropped.
 */
final class StructuredOutput {

    private StructuredOutput() {
    }

    static ChatResponse complete(ChatRequest request, Function<ChatRequest, ProviderReply> exchange) {
        ProviderReply first = exchange.apply(request);
        if (request.outputSchema().isEmpty()) {
            return ChatResponse.text(first.text(), first.usage(), first.model());
        }
        OutputSchema schema = request.outputSchema().get();
        Attempt firstAttempt = interpret(first, schema);
        if (firstAttempt.json().isPresent()) {
            return ChatResponse.structured(first.asText(), firstAttempt.json().get(), first.usage(), first.model());
        }
        ProviderReply second;
        try {
            second = exchange.apply(repairRequest(request, first, firstAttempt.problems(), schema));
        } catch (UnavailableException repairFailed) {
            List<String> problems = new ArrayList<>(firstAttempt.problems());
            problems.add("the repair request failed: " + repairFailed.getMessage());
            var failure = new StructuredOutputException(schema.name(), problems, first.asText(), first.usage());
            failure.initCause(repairFailed);
            throw failure;
        }
        TokenUsage usage = first.usage().plus(second.usage());
        Attempt secondAttempt = interpret(second, schema);
        if (secondAttempt.json().isPresent()) {
            return ChatResponse.structured(second.asText(), secondAttempt.json().get(), usage, second.model());
        }
        throw new StructuredOutputException(schema.name(), secondAttempt.problems(), second.asText(), usage);
    }

    private record Attempt(Optional<JsonNode.ObjectNode> json, List<String> problems) {
    }

    private static Attempt interpret(ProviderReply reply, OutputSchema schema) {
        List<JsonObject> candidates = reply.toolInput().map(List::of).orElseGet(() -> JsonExtraction.objects(reply.text()));
        List<String> problems = new ArrayList<>();
        if (candidates.isEmpty()) {
            problems.add("the reply held no JSON object");
        }
        for (JsonObject candidate : candidates) {
            JsonNode.ObjectNode node = JsonMapping.toNode(candidate);
            List<String> violations = schema.shape().violations(node);
            if (violations.isEmpty()) {
                return new Attempt(Optional.of(node), List.of());
            }
            if (problems.isEmpty()) {
                problems.addAll(violations);
            }
        }
        if (reply.truncated()) {
            problems.add("the reply was cut off at the max_tokens limit");
        }
        return new Attempt(Optional.empty(), problems);
    }

    private static ChatRequest repairRequest(ChatRequest request, ProviderReply reply, List<String> problems,
                                             OutputSchema schema) {
        List<ChatMessage> messages = new ArrayList<>(request.messages());
        String previous = reply.asText().isBlank() ? "(empty reply)" : reply.asText();
        messages.add(ChatMessage.assistant(previous));
        messages.add(ChatMessage.user("Your previous reply could not be used: " + String.join("; ", problems)
                + ". Reply again with only one JSON object that matches this JSON Schema, without prose or "
                + "code fences:\n" + JsonMapping.toSchema(schema.shape())));
        return request.withMessages(messages);
    }
}
