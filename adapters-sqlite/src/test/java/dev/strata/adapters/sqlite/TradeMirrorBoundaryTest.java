package dev.strata.adapters.sqlite;

import dev.strata.application.trading.HistorySyncService;
import dev.strata.application.trading.HistorySyncSettings;
import dev.strata.application.trading.TradeMirrorService;
import dev.strata.application.trading.TradingEvents;
import dev.strata.application.trading.TradingLimits;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.Fills;
import dev.strata.domain.trading.SpotActivityInput;
import dev.strata.domain.trading.SubAccountId;
import dev.strata.domain.trading.TradeHistorySource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** spec 04: external fills are never written into methodology_cases (nor trade_history). */
class TradeMirrorBoundaryTest {

    private static final Tenant ALICE = Tenant.of("alice");

    @TempDir
    Path dir;

    @Test
    void pushed_and_synced_fills_land_in_the_mirror_and_never_in_the_learning_loop() {
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteSyncStateStore states = new SqliteSyncStateStore(db);
            TradeMirrorService mirror = new TradeMirrorService(new SqlitePerpsFillStore(db), new SqliteSpotActivityStore(db),
                    states, new TradingEvents(), TempDatabase.CLOCK, TradingLimits.defaults());
            long ms = Instant.parse("2025-12-31T00:00:00Z").toEpochMilli();
            mirror.recordPerpsFills(ALICE, List.of(Fills.input("sub-1", "1", ms, "BTC", "B", "Open Long", "1", "60000", "0"),
                    Fills.input("sub-1", "2", ms + 1, "BTC", "A", "Close Long", "1", "61000", "1000")));
            TradeHistorySource source = new TradeHistorySource() {
                @Override
                public boolean isEnabled() {
                    return true;
                }

                @Override
                public List<SubAccountId> subAccounts(Tenant tenant) {
                    return List.of(SubAccountId.of("sub-2"));
                }

                @Override
                public Page<FillInput> perpsFills(Tenant tenant, SubAccountId sub, Optional<Instant> since,
                                                  Optional<String> cursor) {
                    return Page.last(List.of(Fills.input(null, "9", ms, "ETH", "B", "Open Long", "2", "3000", "0")));
                }

                @Override
                public Page<SpotActivityInput> spotActivities(Tenant tenant, Optional<Instant> since,
                                                              Optional<String> cursor) {
                    return Page.last(List.of());
                }
            };
            new HistorySyncService(source, states, mirror, TempDatabase.CLOCK, HistorySyncSettings.defaults(),
                    Runnable::run).runOnce(ALICE);

            assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM perps_fills")).containsExactly("3");
            assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM methodology_cases")).containsExactly("0");
            assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM methodology_case_links")).containsExactly("0");
            assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM trade_history")).containsExactly("0");
            assertThat(TempDatabase.column(db, "SELECT consecutive_failures FROM history_sync_state "
                    + "WHERE source = 'perps_fills' AND sub_account_id = 'sub-2'")).containsExactly("0");
        }
    }
}
