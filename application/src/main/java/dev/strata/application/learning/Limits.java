package dev.strata.application.learning;

import dev.strata.domain.error.InvalidInputException;

import java.util.Optional;

/** The list-limit rule every learning listing shares. */
final class Limits {

    private Limits() {
    }

    static int of(Optional<Integer> limit, LearningLoopSettings settings) {
        int n = limit.orElse(settings.defaultListLimit());
        if (n < 1 || n > settings.maxListLimit()) {
            throw new InvalidInputException("limit", "must be between 1 and " + settings.maxListLimit());
        }
        return n;
    }
}
