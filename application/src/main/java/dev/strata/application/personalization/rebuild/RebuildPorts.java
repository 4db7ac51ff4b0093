package dev.strata.application.personalization.rebuild;

import dev.strata.domain.conversation.ConversationStore;
import dev.strata.domain.learning.TradeStore;
import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.StrategyRunStore;
import dev.strata.domain.personalization.UserTagStore;
import dev.strata.domain.trading.PerpsFillStore;
import dev.strata.domain.trading.SpotActivityStore;

import java.util.Objects;

/** The stores the rebuild flows read and write: the portrait's, and the sources it is rebuilt from. */
public record RebuildPorts(FinancialProfileStore profiles, UserTagStore tags, StrategyRunStore strategies,
                           ConversationStore conversations, TradeStore trades, PerpsFillStore fills,
                           SpotActivityStore spot) {

    public RebuildPorts {
        Objects.requireNonNull(profiles, "profiles");
        Objects.requireNonNull(tags, "tags");
        Objects.requireNonNull(strategies, "strategies");
        Objects.requireNonNull(conversations, "conversations");
        Objects.requireNonNull(trades, "trades");
        Objects.requireNonNull(fills, "fills");
        Objects.requireNonNull(spot, "spot");
    }
}
