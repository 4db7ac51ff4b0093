package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * spec 02's six memory types, which are categories of the one memories table. They decide what a
 * session is shown: identity, lesson, decision and context are injected; reference and historical
 * are search-only. {@code memory_save} accepts only these (and their aliases).
 */
public final class MemoryType {

    public static final List<Category> TYPES = List.of(Category.IDENTITY, Category.LESSON, Category.DECISION,
            Category.CONTEXT, Category.REFERENCE, Category.HISTORICAL);

    /** spec 02: the default type of a save that names none. */
    public static final Category DEFAULT = Category.CONTEXT;

    /** Never injected into the snapshot; found through search. */
    public static final Set<Category> SEARCH_ONLY = Set.of(Category.REFERENCE, Category.HISTORICAL);

    private static final List<Hint> HINTS = List.of(
            new Hint(Category.LESSON, Pattern.compile("(?i)\\b(never|always|lesson|learned|mistake|avoid|don't|do not)\\b")),
            new Hint(Category.DECISION, Pattern.compile("(?i)\\b(we chose|we decided|decided to|decision|will use|chose)\\b")),
            new Hint(Category.HISTORICAL, Pattern.compile("(?i)\\b(completed|was done|finished|shipped|migrated|happened)\\b")),
            new Hint(Category.REFERENCE, Pattern.compile("(?i)(https?://|\\bsee\\b|\\bdocs?\\b|\\bhow to\\b|\\brunbook\\b)")),
            new Hint(Category.IDENTITY, Pattern.compile("(?i)\\b(i am|i'm responsible|my role|i own|we are the)\\b")));

    private MemoryType() {
    }

    /** Resolves a type (or alias) given to memory_save; anything outside the six is refused. */
    public static Category resolve(Optional<String> raw) {
        if (raw.isEmpty()) {
            return DEFAULT;
        }
        Category c;
        try {
            c = Category.resolve(raw.get());
        } catch (InvalidInputException e) {
            throw new InvalidInputException("type", e.reason());
        }
        if (!TYPES.contains(c)) {
            throw new InvalidInputException("type", "must be one of identity, lesson, decision, context, reference, "
                    + "historical (or an alias such as warning, core, archive)");
        }
        return c;
    }

    /**
     * spec 02's soft validation: a non-blocking suggestion when the wording points at another type
     * ("never deploy on Fridays" saved as context reads like a lesson). Empty when nothing stands out.
     */
    public static Optional<Category> suggestion(Category chosen, String content) {
        for (Hint hint : HINTS) {
            if (hint.cue().matcher(content).find()) {
                return hint.type().equals(chosen) ? Optional.empty() : Optional.of(hint.type());
            }
        }
        return Optional.empty();
    }

    private record Hint(Category type, Pattern cue) {
    }
}
