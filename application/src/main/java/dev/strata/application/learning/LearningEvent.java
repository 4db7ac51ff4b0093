package dev.strata.application.learning;

import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.memory.Tenant;

/** Something the loop committed; listeners (the compiled-page cache, later the tool surface) run after the commit. */
public sealed interface LearningEvent {

    Tenant tenant();

    /** spec 01's {@code trade:recorded}. */
    record TradeRecorded(Trade trade) implements LearningEvent {
        @Override
        public Tenant tenant() {
            return trade.tenant();
        }
    }

    /** spec 01's {@code trade:outcome_updated}: a trade closed or its close was corrected. */
    record TradeOutcomeUpdated(Trade before, Trade after) implements LearningEvent {
        @Override
        public Tenant tenant() {
            return after.tenant();
        }
    }

    /** A methodology was created, scored, graduated, quarantined or demoted. */
    record MethodologyChanged(Methodology methodology) implements LearningEvent {
        @Override
        public Tenant tenant() {
            return methodology.tenant();
        }
    }

    /** A preference was proposed, merged or changed state. */
    record PreferenceChanged(LearnedPreference preference) implements LearningEvent {
        @Override
        public Tenant tenant() {
            return preference.tenant();
        }
    }
}
