package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Operator-visible provenance of a memory (spec 01). It decides what may later touch the row:
 * consolidation never retires a {@link #USER_MANUAL} row, for example.
 */
public enum Source {
    /** Written by the user through the memory API or web UI. */
    USER_MANUAL,
    /** Saved during chat after the user said "remember this". */
    USER_EXPLICIT,
    /** Promoted from a graduated behavioural preference. */
    LEARNED_PREFERENCE,
    /** Auto-derived by the personalization rebuilder. */
    INFERRED,
    /** Auto-extracted from a chat-turn scan. */
    CHAT_EXTRACTED,
    /** Recorded by an agent tool call. */
    AGENT_RECORDED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Source parse(String wire) {
        if (wire != null) {
            for (Source s : values()) {
                if (s.wireName().equals(wire.strip().toLowerCase(Locale.ROOT))) {
                    return s;
                }
            }
        }
        throw new InvalidInputException("source", "must be one of " + Arrays.stream(values())
                .map(Source::wireName).collect(Collectors.joining(", ")));
    }
}
