package dev.strata.domain.prompt;

import java.util.List;
import java.util.Objects;

/**
 * One declared block of the system prompt, as spec 03's prompt builder passes them on.
 *
 * @param name  what the block is ({@link #IDENTITY}, {@link #LESSONS}, {@link #MEMORY}, {@link #PERSONALIZATION})
 * @param text  the block's text, LF line ends, no trailing whitespace
 * @param cache true when the block may be placed in the model provider's prompt cache; only the
 *              identity prefix is, because it is the part that stays the same across sessions
 */
public record PromptBlock(String name, String text, boolean cache) {

    public static final String IDENTITY = "identity";
    public static final String MEMORY = "memory";
    public static final String PERSONALIZATION = "personalization";
    /** The recent lessons of the roles the session's active skills own (spec 05); never cached. */
    public static final String LESSONS = "lessons";

    /**
     * A block whose body the {@link PromptRenderer} built: the way the assembler and every future
     * prompt area (preferences, lessons, tags) make blocks. The canonical constructor is for stores
     * reading back a block that was built this way.
     */
    public static PromptBlock of(String name, List<Rendered> sections, boolean cache) {
        return new PromptBlock(name, Rendered.join("\n\n", sections).text(), cache);
    }

    public PromptBlock {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(text, "text");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException("an empty block is left out, not sent");
        }
    }
}
