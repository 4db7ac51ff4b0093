package dev.strata.domain.snapshot;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.CategoryFilter;
import dev.strata.domain.memory.MemoryType;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The order in which a snapshot injects memories: spec 02's priority for its types (identity, lesson,
 * decision newest first, context newest first) with spec 01's user-stated categories
 * ({@code preference}, {@code personalization}, which spec 04 says load with higher priority) right
 * after lessons, and every other injectable category last, newest first. {@code reference} and
 * {@code historical} are search-only and belong to no tier. Within a tier, newest first by
 * {@code updated_at}. Identities are never dropped; the other tiers fill the cap in this order.
 */
public enum InjectionTier {

    IDENTITY("identity", "identity first: always injected, never dropped by the budget",
            Set.of(Category.IDENTITY)),
    LESSON("lesson", "lessons right after identities, newest first", Set.of(Category.LESSON)),
    USER_STATED("user_stated", "user-stated categories (preference, personalization) right after lessons, "
            + "newest first", Set.of(Category.PREFERENCE, Category.PERSONALIZATION)),
    DECISION("decision", "decisions after user-stated entries, newest first", Set.of(Category.DECISION)),
    CONTEXT("context", "context after decisions, newest first", Set.of(Category.CONTEXT)),
    OTHER("newest", "every other injectable category after context, newest first", Set.of());

    /** The tiers in injection order. */
    public static final List<InjectionTier> ORDER = List.of(values());

    private final String rule;
    private final String description;
    private final Set<Category> categories;

    InjectionTier(String rule, String description, Set<Category> categories) {
        this.rule = rule;
        this.description = description;
        this.categories = categories;
    }

    /** The rule's wire name ({@code identity}, {@code lesson}, {@code user_stated}, ...). */
    public String rule() {
        return rule;
    }

    /** What the rule says, for an explanation. */
    public String description() {
        return description;
    }

    /** The categories this tier lists (for {@link #OTHER}: everything injectable no other tier names). */
    public CategoryFilter filter() {
        if (this != OTHER) {
            return new CategoryFilter.Only(categories);
        }
        Set<Category> named = new HashSet<>(MemoryType.SEARCH_ONLY);
        for (InjectionTier tier : values()) {
            named.addAll(tier.categories);
        }
        return new CategoryFilter.Excluding(named);
    }

    /** The tier a category is injected in; empty for the search-only types. */
    public static Optional<InjectionTier> of(Category category) {
        if (MemoryType.SEARCH_ONLY.contains(category)) {
            return Optional.empty();
        }
        for (InjectionTier tier : values()) {
            if (tier.categories.contains(category)) {
                return Optional.of(tier);
            }
        }
        return Optional.of(OTHER);
    }
}
