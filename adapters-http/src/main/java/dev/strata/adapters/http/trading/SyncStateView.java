package dev.strata.adapters.http.trading;

import dev.strata.application.trading.SyncStatus;
import dev.strata.domain.trading.SyncState;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** {@code GET /v1/trading/sync-state}: whether a source is configured, and each watermark row. */
record SyncStateView(boolean enabled, List<Row> states) {

    record Row(String source, String subAccountId, Optional<Long> lastSyncedTsMs, Instant lastSyncedAt,
               Optional<String> lastError, int consecutiveFailures, boolean skipped) {
    }

    static SyncStateView of(SyncStatus status) {
        return new SyncStateView(status.enabled(), status.keys().stream().map(k -> {
            SyncState s = k.state();
            return new Row(s.key().source().wireName(), s.key().subAccount().value(),
                    s.watermark().map(Instant::toEpochMilli), s.lastSyncedAt(), s.lastError(), s.consecutiveFailures(),
                    k.skipped());
        }).toList());
    }
}
