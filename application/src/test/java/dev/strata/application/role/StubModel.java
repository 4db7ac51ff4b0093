package dev.strata.application.role;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.TokenUsage;
import dev.strata.domain.role.Classification;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A stand-in reflection model. Stage 1 answers the classification named in the decision text as
 * {@code expect:<class>} (variance when none is named); stage 2 answers {@link #lesson}. It records
 * every request, can be switched off, and can hold its first call until released (for lock tests).
 */
final class StubModel implements LanguageModel {

    final List<ChatRequest> received = new CopyOnWriteArrayList<>();
    volatile boolean enabled = true;
    volatile String lesson = "Check the funding rate before calling a top. Size down when it is extreme. Third sentence.";
    volatile RuntimeException failure;
    volatile CountDownLatch entered;
    volatile CountDownLatch release;

    @Override
    public ChatResponse chat(ChatRequest request) {
        if (!enabled) {
            throw new UnavailableException("no language model is configured");
        }
        received.add(request);
        if (entered != null) {
            entered.countDown();
        }
        if (release != null) {
            try {
                if (!release.await(10, TimeUnit.SECONDS)) {
                    throw new AssertionError("the test never released the model");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        if (failure != null) {
            throw failure;
        }
        TokenUsage usage = new TokenUsage(100, 20);
        if (request.outputSchema().isPresent()) {
            String text = request.messages().getFirst().content();
            Classification type = Classification.VARIANCE;
            for (Classification c : Classification.values()) {
                if (text.contains("expect:" + c.wireName())) {
                    type = c;
                }
            }
            JsonNode.ObjectNode json = new JsonNode.ObjectNode(Map.of(
                    "classification", new JsonNode.TextNode(type.wireName()),
                    "narrative", new JsonNode.TextNode("The call was " + type.wireName() + ".")));
            return ChatResponse.structured("{}", json, usage, model());
        }
        return ChatResponse.text(lesson, usage, model());
    }

    @Override
    public boolean isEnabled() {
        return enabled;
    }

    @Override
    public String model() {
        return enabled ? "stub-reflector" : "none";
    }

    long stage1Calls() {
        return received.stream().filter(r -> r.outputSchema().isPresent()).count();
    }

    long stage2Calls() {
        return received.stream().filter(r -> r.outputSchema().isEmpty()).count();
    }
}
