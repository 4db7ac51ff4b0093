package dev.strata.domain.memory;

import java.util.Objects;
import java.util.Set;

/** Which categories a listing covers: all, only some, or all but some. */
public sealed interface CategoryFilter {

    CategoryFilter ALL = new Excluding(Set.of());

    static CategoryFilter only(Category category) {
        return new Only(Set.of(category));
    }

    boolean accepts(Category category);

    record Only(Set<Category> categories) implements CategoryFilter {
        public Only {
            categories = Set.copyOf(Objects.requireNonNull(categories));
            if (categories.isEmpty()) {
                throw new IllegalArgumentException("an Only filter needs at least one category");
            }
        }

        @Override
        public boolean accepts(Category category) {
            return categories.contains(category);
        }
    }

    record Excluding(Set<Category> categories) implements CategoryFilter {
        public Excluding {
            categories = Set.copyOf(Objects.requireNonNull(categories));
        }

        @Override
        public boolean accepts(Category category) {
            return !categories.contains(category);
        }
    }
}
