package dev.strata.application.personalization.rebuild;

import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.personalization.PersonalizationPolicy;
import dev.strata.application.personalization.PersonalizationService;
import dev.strata.application.personalization.StrategyRunService;
import dev.strata.application.profile.ProfileService;
import dev.strata.application.trading.TradingProfileService;
import dev.strata.application.trading.TradingLimits;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.conversation.ConversationId;
import dev.strata.domain.conversation.InMemoryConversationStore;
import dev.strata.domain.conversation.MessageId;
import dev.strata.domain.conversation.MessageRole;
import dev.strata.domain.conversation.NewMessage;
import dev.strata.domain.learning.AssetClass;
import dev.strata.domain.learning.AssetSymbol;
import dev.strata.domain.learning.InMemoryMethodologyStore;
import dev.strata.domain.learning.InMemoryTradeStore;
import dev.strata.domain.learning.LearningPolicy;
import dev.strata.domain.learning.NewTrade;
import dev.strata.domain.learning.TradeSide;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.InMemoryFinancialProfileStore;
import dev.strata.domain.personalization.InMemoryStrategyRunStore;
import dev.strata.domain.personalization.InMemoryUserTagStore;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.profile.InMemoryUserProfileStore;
import dev.strata.domain.trading.Fills;
import dev.strata.domain.trading.InMemoryPerpsFillStore;
import dev.strata.domain.trading.InMemorySpotActivityStore;
import dev.strata.domain.vault.CredentialScrubber;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Everything a rebuild test needs, on in-memory fakes, with a hand-moved clock. */
final class Fixture {

    static final Tenant ALICE = Tenant.of("alice");
    static final Tenant BOB = Tenant.of("bob");
    static final UserId ADA = UserId.of("ada");
    static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    final MutableClock clock = new MutableClock(T0);
    final InMemoryFinancialProfileStore profiles = new InMemoryFinancialProfileStore();
    final InMemoryUserTagStore tags = new InMemoryUserTagStore();
    final InMemoryStrategyRunStore strategies = new InMemoryStrategyRunStore();
    final InMemoryConversationStore conversations = new InMemoryConversationStore();
    final InMemoryTradeStore trades = new InMemoryTradeStore(new InMemoryMethodologyStore());
    final InMemoryPerpsFillStore fills = new InMemoryPerpsFillStore();
    final InMemorySpotActivityStore spot = new InMemorySpotActivityStore();
    final InMemoryMemoryStore memoryStore = new InMemoryMemoryStore();
    final MemoryService memories = new MemoryService(memoryStore, new InMemoryAuditLog(), clock, MemoryLimits.DEFAULTS,
            Duration.ofDays(30));
    /** The vault's scrubber as the rebuild flows see it (through the personalization service). */
    final CredentialScrubber scrubber = new CredentialScrubber();
    final PersonalizationService personalization = new PersonalizationService(profiles, tags, memories,
            new ProfileService(new InMemoryUserProfileStore(), clock, new InMemoryAuditLog()),
            PersonalizationPolicy.defaults(), clock, scrubber);
    final StrategyRunService strategyRuns = new StrategyRunService(strategies, PersonalizationPolicy.defaults(), clock);
    final RebuildPorts ports = new RebuildPorts(conversations, trades, fills, spot);
    final List<Runnable> background = new ArrayList<>();
    private int messages;
    private int tids;

    PersonalizationRebuilder rebuilder(ScriptedModel model) {
        return rebuilder(model, RebuildPolicy.defaults());
    }

    PersonalizationRebuilder rebuilder(ScriptedModel model, RebuildPolicy settings) {
        return new PersonalizationRebuilder(model, personalization, strategyRuns, ports, memories,
                new TradingProfileService(fills, clock, TradingLimits.defaults()), clock, settings, background::add);
    }

    void said(Tenant tenant, UserId user, String... lines) {
        List<NewMessage> batch = new ArrayList<>();
        for (String line : lines) {
            batch.add(new NewMessage(MessageId.of("m" + (++messages)), MessageRole.USER, line, clock.instant()));
        }
        conversations.append(tenant, ConversationId.of("chat-" + user.value()), user, batch, clock.instant());
    }

    void trade(Tenant tenant, String asset) {
        trades.record(new NewTrade(tenant, AssetSymbol.parse("asset", asset), AssetClass.CRYPTO_MAJOR, TradeSide.LONG,
                new BigDecimal("0.5"), new BigDecimal("60000"), clock.instant(), Optional.empty()), Optional.empty(),
                LearningPolicy.DEFAULTS, clock.instant());
    }

    void fill(Tenant tenant, String symbol) {
        fills.insertAll(tenant, List.of(Fills.open(tenant, "t" + (++tids), clock.instant(), symbol)), clock.instant());
    }

    void spot(Tenant tenant, String hash) {
        spot.insertAll(tenant, List.of(Fills.spot(tenant, hash, clock.instant())), clock.instant());
    }
}
