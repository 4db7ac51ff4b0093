package dev.strata.adapters.sqlite;

import dev.strata.domain.languagemodel.Spend;
import dev.strata.domain.languagemodel.SpendCategory;
import dev.strata.domain.languagemodel.SpendLedger;
import dev.strata.domain.languagemodel.SpendLedgerContractTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

class SqliteSpendLedgerTest extends SpendLedgerContractTest {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected SpendLedger newLedger() {
        db = TempDatabase.open(dir);
        return new SqliteSpendLedger(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void dollars_are_stored_as_exact_decimals_and_survive_a_reopen() {
        LocalDate day = LocalDate.of(2026, 3, 14);
        ledger.record("alice", day, SpendCategory.CONSOLIDATION, new Spend(1, 1, new BigDecimal("0.0000000375"), 1));
        ledger.record("alice", day, SpendCategory.CONSOLIDATION, new Spend(1, 1, new BigDecimal("0.1"), 1));
        ledger.record("alice", day, SpendCategory.CONSOLIDATION, new Spend(1, 1, new BigDecimal("0.2"), 1));

        assertThat(TempDatabase.column(db, "SELECT usd FROM model_spend")).containsExactly("0.3000000375");
        assertThat(TempDatabase.column(db, "SELECT typeof(usd) FROM model_spend")).containsExactly("text");
        db.close();
        db = TempDatabase.open(dir);
        assertThat(new SqliteSpendLedger(db).spentOn("alice", day).total().usd()).isEqualTo(new BigDecimal("0.3000000375"));
    }
}
