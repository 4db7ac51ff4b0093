package dev.strata.adapters.llm.chat;

import dev.strata.domain.json.JsonScan;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the JSON objects in a model's reply, however it was wrapped: the bare reply, the body
 * of each Markdown code fence, and every balanced {@code {...}} span inside surrounding prose.
 * Local models often answer "Sure! Here is the JSON: ```json {...} ```", and dropping such a
 * reply would lose the work; the candidates come back in that order so the caller can take the
 * first that fits its schema.
 */
final class JsonExtraction {

    private static final Pattern FENCE = Pattern.compile("```[A-Za-z0-9_-]*[ \\t]*\\R?(.*?)```", Pattern.DOTALL);
    private static final int MAX_SCANNED_SPANS = 64;

    private JsonExtraction() {
    }

    static List<JsonObject> objects(String reply) {
        Set<String> candidates = new LinkedHashSet<>();
        candidates.add(reply.strip());
        Matcher fence = FENCE.matcher(reply);
        while (fence.find()) {
            candidates.add(fence.group(1).strip());
        }
        candidates.addAll(balancedSpans(reply));
        List<JsonObject> found = new ArrayList<>();
        for (String candidate : candidates) {
            parseObject(candidate).filter(object -> !found.contains(object)).ifPresent(found::add);
        }
        return List.copyOf(found);
    }

    private static Optional<JsonObject> parseObject(String candidate) {
        if (!candidate.startsWith("{")) {
            return Optional.empty();
        }
        return JsonSupport.parse(candidate)
                .filter(value -> value.getValueType() == JsonValue.ValueType.OBJECT)
                .map(JsonValue::asJsonObject);
    }

    /** Each {@code {...}} span whose braces balance, ignoring braces inside JSON strings. */
    private static List<String> balancedSpans(String text) {
        List<String> spans = new ArrayList<>();
        for (int start = text.indexOf('{'); start >= 0 && spans.size() < MAX_SCANNED_SPANS;
                start = text.indexOf('{', start + 1)) {
            int end = JsonScan.matchingBrace(text, start);
            if (end > start) {
                spans.add(text.substring(start, end + 1));
            }
        }
        return spans;
    }
}
