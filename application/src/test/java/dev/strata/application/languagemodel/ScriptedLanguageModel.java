package dev.strata.application.languagemodel;

import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.languagemodel.LanguageModel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;

/** A language model that answers from a script and remembers what it was asked. */
final class ScriptedLanguageModel implements LanguageModel {

    private final String model;
    private final Deque<Function<ChatRequest, ChatResponse>> script = new ArrayDeque<>();
    final List<ChatRequest> received = new ArrayList<>();

    ScriptedLanguageModel(String model) {
        this.model = model;
    }

    ScriptedLanguageModel then(Function<ChatRequest, ChatResponse> step) {
        script.add(step);
        return this;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        received.add(request);
        if (script.isEmpty()) {
            throw new AssertionError("unexpected call: " + request);
        }
        return script.poll().apply(request);
    }

    @Override
    public boolean isEnabled() {
        return true;
    }

    @Override
    public String model() {
        return model;
    }
}
