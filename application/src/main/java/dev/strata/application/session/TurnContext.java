package dev.strata.application.session;

import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.prompt.PromptBlock;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One turn's prompt material: the session's cached prefix (the frozen prompt, the same bytes on every
 * turn) and, under intent gating, the per-turn volatile block that goes after it.
 *
 * @param prefix    the frozen prompt
 * @param volatileBlock the tags this turn needs beyond the core; empty when gating is off, for a pure
 *                  lookup, or when the user has none of the picked dimensions
 * @param selected  what the classifier picked
 */
public record TurnContext(String prefix, Optional<PromptBlock> volatileBlock, Set<TagDimension> selected) {

    public TurnContext {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(volatileBlock, "volatileBlock");
        selected = Set.copyOf(selected);
    }
}
