package dev.strata.domain.prompt;

import dev.strata.domain.workspace.KeyValueLine;

import java.util.Objects;

/**
 * A value some layer states for a key.
 *
 * @param key    the normalised key ({@link KeyValueLine#normaliseKey})
 * @param value  the value as written
 * @param source where it was stated: {@code USER.md}, {@code MEMORY.md}, {@code user profile}, {@code memory store}
 */
public record StatedValue(String key, String value, String source) {

    public StatedValue {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(source, "source");
    }

    /** Whether the two values say the same thing (see {@link KeyValueLine#normaliseValue}). */
    public boolean agreesWith(StatedValue other) {
        return KeyValueLine.normaliseValue(value).equals(KeyValueLine.normaliseValue(other.value));
    }
}
