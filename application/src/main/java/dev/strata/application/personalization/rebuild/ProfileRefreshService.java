package dev.strata.application.personalization.rebuild;

import dev.strata.application.trading.HistorySyncService;
import dev.strata.application.trading.SyncReport;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.UserId;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * spec 04's forced refresh ({@code /profile refresh}, {@code POST /v1/profile/refresh},
 * {@code strata profile refresh}): the history sync first, bypassing its throttle, so the summary
 * sees the freshest off-agent activity; then the trading summary bypassing its cooldown, and the
 * other flows if they are due. Answers what each step did.
 */
public final class ProfileRefreshService {

    private final HistorySyncService sync;
    private final PersonalizationRebuilder rebuilder;

    public ProfileRefreshService(HistorySyncService sync, PersonalizationRebuilder rebuilder) {
        this.sync = Objects.requireNonNull(sync, "sync");
        this.rebuilder = Objects.requireNonNull(rebuilder, "rebuilder");
    }

    /** What the refresh did: the sync, then each flow in the order it ran. */
    public record Refreshed(Tenant tenant, UserId user, SyncReport sync, List<RebuildOutcome> rebuilds) {
        public Refreshed {
            Objects.requireNonNull(tenant, "tenant");
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(sync, "sync");
            rebuilds = List.copyOf(rebuilds);
        }
    }

    /**
     * The sync and the summary run holding the user's summary lock, so the rebuilds that the sync's
     * new rows trigger step aside instead of racing this one over the same window.
     */
    public Refreshed refresh(Tenant tenant, Optional<String> user) {
        UserId who = UserId.orDefault(user);
        record Synced(SyncReport sync, RebuildOutcome summary) {
        }
        Synced first = rebuilder.withTradingSummaryHeld(tenant, who,
                () -> new Synced(sync.runOnce(tenant), rebuilder.rebuildTradingSummary(tenant, who, true)));
        return new Refreshed(tenant, who, first.sync(), List.of(first.summary(),
                rebuilder.rebuildMemories(tenant, who, false),
                rebuilder.rebuildTags(tenant, who, false),
                rebuilder.updateMarkets(tenant, who, false)));
    }
}
