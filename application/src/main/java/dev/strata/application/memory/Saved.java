package dev.strata.application.memory;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;

import java.util.Optional;

/**
 * The result of a save: the new entry, the entry it superseded (if any), and spec 02's non-blocking
 * type suggestion when the wording points at another type.
 */
public record Saved(Memory memory, Optional<Memory> superseded, Optional<Category> typeSuggestion) {
}
