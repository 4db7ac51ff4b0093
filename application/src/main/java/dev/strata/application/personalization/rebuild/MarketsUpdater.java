package dev.strata.application.personalization.rebuild;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.StrategyRun;
import dev.strata.application.personalization.StrategyRunService;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagValue;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.trading.MarketClassifier;
import dev.strata.domain.trading.PerpsFillStore;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * spec 04's {@code MarketsObjectiveUpdater}: the symbols of the user's running strategies and of the
 * last 30 days of perps fills, classified into markets and united into the {@code markets} tag. It
 * only adds values and keeps the row's source, so it never clears or downgrades a declared choice.
 * Deterministic (no model). The daily run always runs; off-agent activity nudges an earlier run,
 * at most once per nudge cooldown per user.
 */
final class MarketsUpdater {

    static final Duration WINDOW = Duration.ofDays(30);

    private record Key(Tenant tenant, UserId user) {
    }

    private final PerpsFillStore fills;
    private final StrategyRunService strategies;
    private final TagWrites writes;
    private final RebuildGate gate;
    private final Clock clock;
    private final RebuildPolicy settings;
    private final Map<Key, Instant> lastRun = new ConcurrentHashMap<>();

    MarketsUpdater(PerpsFillStore fills, StrategyRunService strategies, TagWrites writes, RebuildGate gate, Clock clock,
                   RebuildPolicy settings) {
        this.fills = fills;
        this.strategies = strategies;
        this.writes = writes;
        this.gate = gate;
        this.clock = clock;
        this.settings = settings;
    }

    RebuildOutcome run(Tenant tenant, UserId user, boolean nudge) {
        String flow = RebuildOutcome.MARKETS;
        var closed = gate.closed(flow, false);
        if (closed.isPresent()) {
            return closed.get();
        }
        Instant now = clock.instant();
        Key key = new Key(tenant, user);
        Instant last = lastRun.get(key);
        if (nudge && last != null && now.isBefore(last.plus(settings.marketsNudgeCooldown()))) {
            return RebuildOutcome.skipped(flow, "cooling down until " + last.plus(settings.marketsNudgeCooldown()));
        }
        lastRun.put(key, now);
        Set<String> markets = new LinkedHashSet<>();
        List<String> unclassified = new ArrayList<>();
        for (String symbol : fills.symbolsSince(tenant, now.minus(WINDOW))) {
            MarketClassifier.market(symbol).ifPresentOrElse(markets::add, () -> unclassified.add(symbol));
        }
        for (StrategyRun run : strategies.running(tenant, user)) {
            markets.addAll(MarketClassifier.marketsOfName(run.strategy().value()));
        }
        String unknown = unclassified.isEmpty() ? "" : " (" + unclassified.size() + " symbols name no market)";
        if (markets.isEmpty()) {
            return RebuildOutcome.skipped(flow, "no recent symbol names a market" + unknown);
        }
        TagValue add = TagValue.multi(TagDimension.MARKETS, List.copyOf(markets), "markets");
        return switch (writes.infer(tenant, user, add)) {
            case WRITTEN -> RebuildOutcome.rebuilt(flow, 1, "markets now include " + String.join(", ", add.values())
                    + unknown);
            case KEPT_DECLARED, UNCHANGED -> RebuildOutcome.skipped(flow, "markets already include "
                    + String.join(", ", add.values()) + unknown);
        };
    }
}
