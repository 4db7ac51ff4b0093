package dev.strata.domain.chunking;

import java.util.Objects;

/**
 * One chunk of a memory's content: an exact substring {@code content[start, end)}, so a hit
 * can be traced back to the text it came from.
 *
 * @param index           position of the chunk in its content, from 0
 * @param text            the chunk's text
 * @param start           offset of the first char in the content
 * @param end             offset after the last char in the content
 * @param estimatedTokens {@link TokenEstimator} count of {@code text}
 */
public record TextChunk(int index, String text, int start, int end, int estimatedTokens) {

    public TextChunk {
        Objects.requireNonNull(text, "text");
        if (index < 0) {
            throw new IllegalArgumentException("index must not be negative");
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException("a chunk must hold text");
        }
        if (start < 0 || end - start != text.length()) {
            throw new IllegalArgumentException("offsets [" + start + ", " + end + ") do not match the text");
        }
        if (estimatedTokens < 0) {
            throw new IllegalArgumentException("estimatedTokens must not be negative");
        }
    }
}
