package dev.strata.domain.languagemodel;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The behaviour every {@link SpendLedger} must have; extend it once per implementation. */
public abstract class SpendLedgerContractTest {

    private static final LocalDate DAY = LocalDate.of(2026, 3, 14);

    protected SpendLedger ledger;

    protected abstract SpendLedger newLedger();

    @BeforeEach
    void createLedger() {
        ledger = newLedger();
    }

    @Test
    void a_day_without_calls_has_no_spend() {
        DailySpend spend = ledger.spentOn("alice", DAY);

        assertThat(spend.tenant()).isEqualTo("alice");
        assertThat(spend.day()).isEqualTo(DAY);
        assertThat(spend.byCategory()).isEmpty();
        assertThat(spend.total().tokens()).isZero();
        assertThat(spend.total().usd()).isEqualByComparingTo("0");
    }

    @Test
    void records_accumulate_per_category() {
        ledger.record("alice", DAY, SpendCategory.CONSOLIDATION, new Spend(100, 20, new BigDecimal("0.0015"), 1));
        ledger.record("alice", DAY, SpendCategory.CONSOLIDATION, new Spend(50, 10, new BigDecimal("0.0005"), 1));
        ledger.record("alice", DAY, SpendCategory.REFLECTION, new Spend(7, 3, new BigDecimal("0.25"), 1));

        DailySpend spend = ledger.spentOn("alice", DAY);

        Spend consolidation = spend.of(SpendCategory.CONSOLIDATION);
        assertThat(consolidation.inputTokens()).isEqualTo(150);
        assertThat(consolidation.outputTokens()).isEqualTo(30);
        assertThat(consolidation.usd()).isEqualByComparingTo("0.002");
        assertThat(consolidation.calls()).isEqualTo(2);
        assertThat(spend.of(SpendCategory.REFLECTION).tokens()).isEqualTo(10);
        assertThat(spend.byCategory()).containsOnlyKeys(SpendCategory.CONSOLIDATION, SpendCategory.REFLECTION);
        assertThat(spend.total().tokens()).isEqualTo(190);
        assertThat(spend.total().usd()).isEqualByComparingTo("0.252");
        assertThat(spend.total().calls()).isEqualTo(3);
    }

    @Test
    void keeps_tenants_apart() {
        ledger.record("alice", DAY, SpendCategory.LEARNING, new Spend(10, 10, BigDecimal.ONE, 1));

        assertThat(ledger.spentOn("bob", DAY).byCategory()).isEmpty();
        assertThat(ledger.spentOn("alice", DAY).of(SpendCategory.LEARNING).tokens()).isEqualTo(20);
    }

    @Test
    void keeps_days_apart() {
        ledger.record("alice", DAY, SpendCategory.REBUILD, new Spend(10, 0, BigDecimal.ONE, 1));
        ledger.record("alice", DAY.plusDays(1), SpendCategory.REBUILD, new Spend(1, 0, BigDecimal.ZERO, 1));

        assertThat(ledger.spentOn("alice", DAY).total().inputTokens()).isEqualTo(10);
        assertThat(ledger.spentOn("alice", DAY.plusDays(1)).total().inputTokens()).isEqualTo(1);
        assertThat(ledger.spentOn("alice", DAY.minusDays(1)).byCategory()).isEmpty();
    }

    @Test
    void keeps_small_dollar_amounts_exact() {
        for (int i = 0; i < 10; i++) {
            ledger.record("alice", DAY, SpendCategory.CONSOLIDATION, new Spend(1, 1, new BigDecimal("0.000001"), 1));
        }

        assertThat(ledger.spentOn("alice", DAY).total().usd()).isEqualByComparingTo("0.00001");
    }

    @Test
    void concurrent_records_are_not_lost() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Void>> tasks = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                tasks.add(() -> {
                    ledger.record("alice", DAY, SpendCategory.CONSOLIDATION, new Spend(1, 2, BigDecimal.ZERO, 1));
                    return null;
                });
            }
            for (Future<Void> done : pool.invokeAll(tasks)) {
                done.get();
            }
        } finally {
            pool.shutdownNow();
        }

        Spend total = ledger.spentOn("alice", DAY).total();
        assertThat(total.calls()).isEqualTo(40);
        assertThat(total.tokens()).isEqualTo(120);
    }
}
