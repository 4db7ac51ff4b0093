package dev.strata.application.personalization.rebuild;

import dev.strata.domain.conversation.ConversationStore;
import dev.strata.domain.learning.TradeStore;
import dev.strata.domain.trading.PerpsFillStore;
import dev.strata.domain.trading.SpotActivityStore;

import java.util.Objects;

/**
 * The stores the portrait is rebuilt from: chat lines, in-session trades and the off-agent mirror.
 * (The portrait itself — profile row, tags, strategy runs — is written through the personalization
 * area's services, so its rules live in one place.)
 */
public record RebuildPorts(ConversationStore conversations, TradeStore trades, PerpsFillStore fills,
                           SpotActivityStore spot) {

    public RebuildPorts {
        Objects.requireNonNull(conversations, "conversations");
        Objects.requireNonNull(trades, "trades");
        Objects.requireNonNull(fills, "fills");
        Objects.requireNonNull(spot, "spot");
    }
}
