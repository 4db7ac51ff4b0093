package dev.strata.application.languagemodel;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.languagemodel.BudgetPolicy;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.SpendLedger;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Objects;

/** Reads model spend for the spend endpoint; the budget day is the same one {@link BudgetedLanguageModel} charges. */
public final class ModelSpendService {

    private final LanguageModel model;
    private final SpendLedger ledger;
    private final BudgetPolicy policy;
    private final Clock clock;
    private final ZoneId budgetZone;

    public ModelSpendService(LanguageModel model, SpendLedger ledger, BudgetPolicy policy, Clock clock, ZoneId budgetZone) {
        this.model = Objects.requireNonNull(model, "model");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.budgetZone = Objects.requireNonNull(budgetZone, "budgetZone");
    }

    public SpendReport today(String tenant) {
        return on(tenant, LocalDate.ofInstant(clock.instant(), budgetZone));
    }

    public SpendReport on(String tenant, LocalDate day) {
        if (tenant.isBlank()) {
            throw new InvalidInputException("tenant", "must not be blank");
        }
        return new SpendReport(model.isEnabled(), model.model(), ledger.spentOn(tenant, day),
                policy.dailyTokenCap(), policy.dailyUsdCap());
    }
}
