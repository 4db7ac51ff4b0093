package dev.strata.application.languagemodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.languagemodel.BudgetPolicy;
import dev.strata.domain.languagemodel.InMemorySpendLedger;
import dev.strata.domain.languagemodel.Spend;
import dev.strata.domain.languagemodel.SpendCategory;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ModelSpendServiceTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-14T12:00:00Z"), ZoneOffset.UTC);
    private static final LocalDate TODAY = LocalDate.of(2026, 3, 14);

    private final InMemorySpendLedger ledger = new InMemorySpendLedger();
    private final BudgetPolicy policy = new BudgetPolicy(OptionalLong.of(1000), Optional.of(new BigDecimal("2.00")));

    @Test
    void reports_todays_spend_per_category_with_what_is_left() {
        ledger.record("alice", TODAY, SpendCategory.CONSOLIDATION, new Spend(300, 100, new BigDecimal("0.5"), 2));
        ledger.record("alice", TODAY, SpendCategory.REFLECTION, new Spend(600, 100, new BigDecimal("2.5"), 1));
        var service = new ModelSpendService(new ScriptedLanguageModel("gpt-4o-mini"), ledger, policy, CLOCK, ZoneOffset.UTC);

        SpendReport report = service.today("alice");

        assertThat(report.enabled()).isTrue();
        assertThat(report.model()).isEqualTo("gpt-4o-mini");
        assertThat(report.spend().day()).isEqualTo(TODAY);
        assertThat(report.spend().of(SpendCategory.CONSOLIDATION).calls()).isEqualTo(2);
        assertThat(report.spend().total().tokens()).isEqualTo(1100);
        assertThat(report.remainingTokens()).hasValue(0);
        assertThat(report.remainingUsd()).hasValueSatisfying(left -> assertThat(left).isEqualByComparingTo("0"));
    }

    @Test
    void reports_a_disabled_model_and_uncapped_budgets() {
        var service = new ModelSpendService(new DisabledLanguageModel(), ledger, BudgetPolicy.unlimited(), CLOCK,
                ZoneOffset.UTC);

        SpendReport report = service.on("alice", TODAY.minusDays(3));

        assertThat(report.enabled()).isFalse();
        assertThat(report.model()).isEqualTo("none");
        assertThat(report.spend().byCategory()).isEmpty();
        assertThat(report.remainingTokens()).isEmpty();
        assertThat(report.remainingUsd()).isEmpty();
    }

    @Test
    void rejects_a_blank_tenant() {
        var service = new ModelSpendService(new DisabledLanguageModel(), ledger, policy, CLOCK, ZoneOffset.UTC);

        assertThatThrownBy(() -> service.today(" ")).isInstanceOf(InvalidInputException.class);
    }
}
