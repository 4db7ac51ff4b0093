package dev.strata.domain.personalization;

import java.util.Set;

/**
 * Picks which of the non-core tag dimensions one turn needs (spec 04's intent gating). The core
 * dimensions ({@link TagDimension#core()}) are always in the cached prefix and are never selected.
 */
public interface IntentClassifier {

    /**
     * The dimensions the turn needs, each non-core; empty for a pure tool lookup or a turn that needs
     * no behavioural context.
     */
    Set<TagDimension> select(String message);
}
