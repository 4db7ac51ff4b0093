package dev.strata.adapters.sqlite;

import dev.strata.domain.learning.MethodologyStoreContract;
import dev.strata.domain.learning.TradeStoreContract;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.learning.CaseOutcome;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.TradeStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static dev.strata.domain.learning.LearningFixtures.ALICE;
import static dev.strata.domain.learning.LearningFixtures.BOB;
import static dev.strata.domain.learning.LearningFixtures.POLICY;
import static dev.strata.domain.learning.LearningFixtures.T0;
import static dev.strata.domain.learning.LearningFixtures.closeAt;
import static dev.strata.domain.learning.LearningFixtures.decision;
import static dev.strata.domain.learning.LearningFixtures.methodology;
import static dev.strata.domain.learning.LearningFixtures.openBtc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqliteTradeStoreTest extends TradeStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected MethodologyStoreContract.Stores createStores() {
        db = TempDatabase.open(dir);
        return new MethodologyStoreContract.Stores(new SqliteMethodologyStore(db), new SqliteTradeStore(db));
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void a_failure_while_scoring_rolls_back_the_trade_and_the_case_with_the_counts() {
        Methodology dip = methodologies.create(methodology(ALICE, "Dip"), 0.5, T0).methodology();
        Methodology trend = methodologies.create(methodology(ALICE, "Trend"), 0.5, T0).methodology();
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id(), trend.id())), POLICY, T0);
        // The second methodology's update fails after the trade, the case and the first count were written.
        TempDatabase.execute(db, "CREATE TRIGGER fail_second BEFORE UPDATE OF successes ON methodologies "
                + "WHEN new.id = " + trend.id() + " BEGIN SELECT RAISE(ABORT, 'disk trouble'); END");

        assertThatThrownBy(() -> store.close(ALICE, r.trade().id(), closeAt("44000", T0), POLICY, T0))
                .isInstanceOf(UnavailableException.class).rootCause().hasMessageContaining("disk trouble");

        assertThat(store.findTrade(ALICE, r.trade().id()).orElseThrow().closed()).isFalse();
        assertThat(store.findCase(ALICE, r.decision().orElseThrow().id()).orElseThrow().outcome())
                .isEqualTo(CaseOutcome.PENDING);
        assertThat(methodologies.find(ALICE, dip.id())).contains(dip);
    }

    @Test
    void the_schema_refuses_a_link_to_another_tenants_methodology_and_deleting_a_case() {
        Methodology bobs = methodologies.create(methodology(BOB, "Bob's"), 0.5, T0).methodology();
        Methodology dip = methodologies.create(methodology(ALICE, "Dip"), 0.5, T0).methodology();
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id())), POLICY, T0);
        long caseId = r.decision().orElseThrow().id().value();

        assertThatThrownBy(() -> TempDatabase.execute(db, "INSERT INTO methodology_case_links(tenant, case_id, "
                + "methodology_id) VALUES ('alice', " + caseId + ", " + bobs.id() + ")"))
                .hasMessageContaining("FOREIGN KEY");
        assertThatThrownBy(() -> TempDatabase.execute(db, "DELETE FROM methodology_cases WHERE id = " + caseId))
                .hasMessageContaining("never deleted");
        assertThatThrownBy(() -> TempDatabase.execute(db, "UPDATE methodology_cases SET methodology_ids = '"
                + bobs.id() + "' WHERE id = " + caseId)).hasMessageContaining("attribution never changes");
    }
}
