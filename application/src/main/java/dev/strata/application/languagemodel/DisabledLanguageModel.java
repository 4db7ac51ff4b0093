package dev.strata.application.languagemodel;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.languagemodel.LanguageModel;

/**
 * The language model when none is configured: it says so through {@link #isEnabled()} and
 * fails every call at once, so LLM features switch themselves off instead of crashing or waiting.
 */
public final class DisabledLanguageModel implements LanguageModel {

    public static final String MODEL = "none";

    @Override
    public ChatResponse chat(ChatRequest request) {
        throw new UnavailableException("no language model is configured; LLM features are disabled");
    }

    @Override
    public boolean isEnabled() {
        return false;
    }

    @Override
    public String model() {
        return MODEL;
    }
}
