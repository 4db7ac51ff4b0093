package dev.strata.domain.conversation;

import dev.strata.domain.error.InvalidInputException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Who spoke. Only the user's own words are evidence about the user; the rebuilder labels each line. */
public enum MessageRole {
    USER,
    ASSISTANT,
    SYSTEM,
    TOOL;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static MessageRole parse(String wire) {
        if (wire != null) {
            String key = wire.strip().toLowerCase(Locale.ROOT);
            for (MessageRole role : values()) {
                if (role.wireName().equals(key)) {
                    return role;
                }
            }
        }
        throw new InvalidInputException("role", "must be one of " + Arrays.stream(values())
                .map(MessageRole::wireName).collect(Collectors.joining(", ")));
    }
}
