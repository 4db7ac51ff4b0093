package dev.strata.domain.snapshot;

import java.util.Objects;

/**
 * The rule that placed a line (or would have placed an entry the budget left out): the rule's name
 * ({@code identity}, {@code lesson}, {@code user_stated}, {@code decision}, {@code context},
 * {@code newest}, {@code fact}, {@code profile}), the entry's rank in its list, that list's bound,
 * and the rule in words.
 *
 * @param rank  1-based: over every injected memory for memories, over the facts for facts, over the
 *              profile for profile lines
 * @param bound the cap the rank is measured against (the memory cap for memories, the number shown
 *              for facts and profile lines)
 */
public record LinePlacement(String rule, int rank, int bound, String reason) {

    public LinePlacement {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(reason, "reason");
        if (rank < 1 || bound < 0) {
            throw new IllegalArgumentException("rank is 1-based and the bound not negative");
        }
    }
}
