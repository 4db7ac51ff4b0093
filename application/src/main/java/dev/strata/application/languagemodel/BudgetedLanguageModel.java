package dev.strata.application.languagemodel;

import dev.strata.domain.languagemodel.BudgetPolicy;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.ModelPrice;
import dev.strata.domain.languagemodel.ModelPricing;
import dev.strata.domain.languagemodel.Spend;
import dev.strata.domain.languagemodel.SpendLedger;
import dev.strata.domain.languagemodel.StructuredOutputException;
import dev.strata.domain.languagemodel.TokenUsage;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Objects;

/**
 * Puts every model call on the tenant's bill. Before the call it refuses with
 * {@link dev.strata.domain.error.BudgetExceededException} when today's spend plus the call's
 * estimate would pass the daily cap; after it, it charges the reported tokens (and USD, when
 * the model has a configured price) to the request's category. A structured-output failure
 * still consumed tokens, so it is charged too before it propagates.
 *
 * <p>Two calls that start together both see the same spend, so the cap can be passed by at
 * most the calls in flight; the background jobs that use the model run one call at a time.
 */
public final class BudgetedLanguageModel implements LanguageModel {

    private static final System.Logger LOG = System.getLogger(BudgetedLanguageModel.class.getName());

    private final LanguageModel delegate;
    private final SpendLedger ledger;
    private final BudgetPolicy policy;
    private final ModelPrice price;
    private final Clock clock;
    private final ZoneId budgetZone;

    /**
     * @param budgetZone where a budget day starts and ends
     */
    public BudgetedLanguageModel(LanguageModel delegate, SpendLedger ledger, BudgetPolicy policy,
                                 ModelPricing pricing, Clock clock, ZoneId budgetZone) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.budgetZone = Objects.requireNonNull(budgetZone, "budgetZone");
        this.price = pricing.priceOf(delegate.model()).orElseGet(() -> {
            if (policy.dailyUsdCap().isPresent() && delegate.isEnabled()) {
                LOG.log(System.Logger.Level.WARNING, "model {0} has no configured price: its calls are "
                        + "charged in tokens only and the daily USD cap cannot stop them", delegate.model());
            }
            return ModelPrice.FREE;
        });
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        if (!delegate.isEnabled()) {
            return delegate.chat(request);
        }
        LocalDate day = LocalDate.ofInstant(clock.instant(), budgetZone);
        Spend spentToday = ledger.spentOn(request.tenant(), day).total();
        TokenUsage estimate = BudgetPolicy.estimate(request);
        policy.check(request.tenant(), spentToday, new Spend(estimate.inputTokens(), estimate.outputTokens(),
                price.costOf(estimate), 1));
        try {
            ChatResponse response = delegate.chat(request);
            charge(request, day, response.usage());
            return response;
        } catch (StructuredOutputException failed) {
            charge(request, day, failed.usage());
            throw failed;
        }
    }

    private void charge(ChatRequest request, LocalDate day, TokenUsage usage) {
        ledger.record(request.tenant(), day, request.category(), Spend.ofCall(usage, price.costOf(usage)));
    }

    @Override
    public boolean isEnabled() {
        return delegate.isEnabled();
    }

    @Override
    public String model() {
        return delegate.model();
    }
}
