package dev.strata.adapters.http.trading;

import dev.strata.application.personalization.rebuild.ProfileRefreshService;
import dev.strata.application.personalization.rebuild.RebuildOutcome;
import dev.strata.application.trading.SyncReport;

import java.util.List;
import java.util.Optional;

/** {@code POST /v1/profile/refresh}: what the sync did, key by key, then what each rebuild flow did and why. */
record RefreshView(String userId, Sync sync, List<Rebuild> rebuilds) {

    record Sync(boolean ran, Optional<String> note, int inserted, List<Key> keys) {
    }

    record Key(String source, String subAccountId, String status, int pages, int fetched, int inserted, int rejected,
               Optional<String> error) {
    }

    record Rebuild(String flow, String status, String detail, int written) {
    }

    static RefreshView of(ProfileRefreshService.Refreshed r) {
        return new RefreshView(r.user().value(), sync(r.sync()), r.rebuilds().stream().map(RefreshView::rebuild).toList());
    }

    static Sync sync(SyncReport report) {
        return new Sync(report.ran(), report.note(), report.inserted(), report.keys().stream()
                .map(k -> new Key(k.key().source().wireName(), k.key().subAccount().value(), k.status().wireName(),
                        k.pages(), k.fetched(), k.inserted(), k.rejected(), k.error()))
                .toList());
    }

    private static Rebuild rebuild(RebuildOutcome o) {
        return new Rebuild(o.flow(), o.status().wireName(), o.detail(), o.written());
    }
}
