package dev.strata.application.trading;

import dev.strata.domain.trading.SyncState;

import java.util.List;
import java.util.Objects;

/** The sync as {@code GET /v1/trading/sync-state} shows it: whether a source is configured, and each key's row. */
public record SyncStatus(boolean enabled, List<KeyState> keys) {

    public SyncStatus {
        keys = List.copyOf(keys);
    }

    /** One watermark row and whether normal scheduling skips it now (too many failures, cooldown not over). */
    public record KeyState(SyncState state, boolean skipped) {
        public KeyState {
            Objects.requireNonNull(state, "state");
        }
    }
}
