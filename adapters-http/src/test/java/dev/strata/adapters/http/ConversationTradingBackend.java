package dev.strata.adapters.http;

import dev.strata.adapters.http.conversation.ConversationHttpService;
import dev.strata.adapters.http.trading.TradingHttpService;
import dev.strata.application.conversation.ConversationService;
import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.languagemodel.DisabledLanguageModel;
import dev.strata.application.personalization.PersonalizationService;
import dev.strata.application.personalization.StrategyRunService;
import dev.strata.application.personalization.rebuild.PersonalizationRebuilder;
import dev.strata.application.personalization.rebuild.ProfileRefreshService;
import dev.strata.application.personalization.rebuild.RebuildPolicy;
import dev.strata.application.personalization.rebuild.RebuildPorts;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.trading.HistorySyncService;
import dev.strata.application.trading.HistorySyncSettings;
import dev.strata.application.trading.NoTradeHistorySource;
import dev.strata.application.trading.TradeMirrorService;
import dev.strata.application.trading.TradingEvents;
import dev.strata.application.trading.TradingLimits;
import dev.strata.application.trading.TradingProfileService;
import dev.strata.application.trading.TradingTools;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.conversation.InMemoryConversationStore;
import dev.strata.domain.learning.TradeStore;
import dev.strata.domain.trading.InMemoryPerpsFillStore;
import dev.strata.domain.trading.InMemorySpotActivityStore;
import dev.strata.domain.trading.InMemorySyncStateStore;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The conversation and trading areas of {@link InMemoryBackend}: the real services over in-memory
 * fakes, with no history source and no model (a refresh syncs nothing and rebuilds nothing but the
 * deterministic markets, and says so).
 */
final class ConversationTradingBackend {

    final InMemoryConversationStore conversationStore = new InMemoryConversationStore();
    final InMemoryPerpsFillStore fillStore = new InMemoryPerpsFillStore();
    final InMemorySpotActivityStore spotStore = new InMemorySpotActivityStore();
    final InMemorySyncStateStore syncStore = new InMemorySyncStateStore();
    final ConversationService conversations;
    final TradeMirrorService mirror;
    final TradingProfileService tradingProfile;
    final HistorySyncService sync;
    final ProfileRefreshService refresh;

    ConversationTradingBackend(MutableClock clock, AuditLog audit, MemoryService memories, TradeStore trades,
                               PersonalizationService personalization, StrategyRunService strategyRuns) {
        conversations = new ConversationService(conversationStore, audit, clock, MemoryLimits.DEFAULTS,
                Optional.of(Duration.ofDays(90)));
        mirror = new TradeMirrorService(fillStore, spotStore, syncStore, new TradingEvents(), clock,
                TradingLimits.defaults(), new dev.strata.domain.vault.CredentialScrubber(), audit);
        tradingProfile = new TradingProfileService(fillStore, clock, TradingLimits.defaults());
        sync = new HistorySyncService(new NoTradeHistorySource(), syncStore, mirror, clock,
                HistorySyncSettings.defaults(), Runnable::run);
        PersonalizationRebuilder rebuilder = new PersonalizationRebuilder(new DisabledLanguageModel(), personalization,
                strategyRuns, new RebuildPorts(conversationStore, trades, fillStore, spotStore),
                memories, tradingProfile, clock, RebuildPolicy.defaults(), Runnable::run);
        refresh = new ProfileRefreshService(sync, rebuilder);
    }

    List<ToolDefinition> tools() {
        return TradingTools.definitions(tradingProfile, TradingLimits.defaults());
    }

    Stream<Resource> resources(GatewaySettings settings) {
        return Stream.concat(Stream.of(new ConversationHttpService(conversations, settings)),
                new TradingHttpService(mirror, tradingProfile, sync, refresh, settings).resources().stream());
    }
}
