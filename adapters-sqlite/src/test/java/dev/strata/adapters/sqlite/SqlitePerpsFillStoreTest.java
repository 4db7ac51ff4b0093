package dev.strata.adapters.sqlite;

import dev.strata.domain.trading.PerpsFillStore;
import dev.strata.domain.trading.PerpsFillStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SqlitePerpsFillStoreTest extends PerpsFillStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected PerpsFillStore createStore() {
        db = TempDatabase.open(dir);
        return new SqlitePerpsFillStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void the_profile_aggregate_reads_one_covering_index_without_sorting_the_window() throws SQLException {
        List<String> plan = new ArrayList<>();
        try (Connection c = db.connection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("EXPLAIN QUERY PLAN SELECT symbol, side, dir, COUNT(*), "
                     + "SUM(closed_pnl <> 0), SUM(closed_pnl > 0), SUM(size * price), SUM(closed_pnl), MAX(ts_ms) "
                     + "FROM perps_fills WHERE tenant = 'a' AND ts_ms >= 0 GROUP BY symbol, side, dir")) {
            while (rs.next()) {
                plan.add(rs.getString("detail"));
            }
        }

        assertThat(plan).singleElement().asString().contains("COVERING INDEX idx_perps_fills_profile");
    }
}
