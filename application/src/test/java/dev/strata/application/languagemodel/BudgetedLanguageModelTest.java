package dev.strata.application.languagemodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.error.BudgetExceededException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.BudgetPolicy;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.languagemodel.InMemorySpendLedger;
import dev.strata.domain.languagemodel.ModelPrice;
import dev.strata.domain.languagemodel.ModelPricing;
import dev.strata.domain.languagemodel.Spend;
import dev.strata.domain.languagemodel.SpendCategory;
import dev.strata.domain.languagemodel.StructuredOutputException;
import dev.strata.domain.languagemodel.TokenUsage;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class BudgetedLanguageModelTest {

    private static final String MODEL = "claude-3-5-haiku-latest";
    private static final ModelPricing PRICES = new ModelPricing(Map.of(MODEL,
            new ModelPrice(new BigDecimal("1.00"), new BigDecimal("5.00"))));
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-14T23:30:00Z"), ZoneOffset.UTC);
    private static final LocalDate TODAY = LocalDate.of(2026, 3, 14);

    private final InMemorySpendLedger ledger = new InMemorySpendLedger();
    private final ScriptedLanguageModel model = new ScriptedLanguageModel(MODEL);

    private final ChatRequest request = ChatRequest.of("alice", SpendCategory.CONSOLIDATION, "", "12345678")
            .withMaxTokens(100);

    private BudgetedLanguageModel budgeted(BudgetPolicy policy) {
        return new BudgetedLanguageModel(model, ledger, policy, PRICES, CLOCK, ZoneOffset.UTC);
    }

    private static ChatResponse answer(long in, long out) {
        return ChatResponse.text("ok", new TokenUsage(in, out), MODEL);
    }

    @Test
    void charges_tokens_and_dollars_to_the_request_category() {
        model.then(r -> answer(1000, 200));

        ChatResponse response = budgeted(BudgetPolicy.unlimited()).chat(request);

        assertThat(response.text()).isEqualTo("ok");
        Spend spent = ledger.spentOn("alice", TODAY).of(SpendCategory.CONSOLIDATION);
        assertThat(spent.inputTokens()).isEqualTo(1000);
        assertThat(spent.outputTokens()).isEqualTo(200);
        assertThat(spent.usd()).isEqualByComparingTo("0.002");
        assertThat(spent.calls()).isEqualTo(1);
        assertThat(ledger.spentOn("bob", TODAY).byCategory()).isEmpty();
    }

    @Test
    void refuses_before_calling_when_the_daily_usd_cap_is_spent() {
        ledger.record("alice", TODAY, SpendCategory.REFLECTION, new Spend(0, 0, new BigDecimal("0.9996"), 1));
        var policy = new BudgetPolicy(OptionalLong.empty(), Optional.of(BigDecimal.ONE));

        assertThatThrownBy(() -> budgeted(policy).chat(request))
                .isInstanceOf(BudgetExceededException.class)
                .hasMessageContaining("alice");
        assertThat(model.received).isEmpty();
        assertThat(ledger.spentOn("alice", TODAY).total().calls()).isEqualTo(1);
    }

    @Test
    void counts_the_estimate_of_the_call_against_the_token_cap() {
        ledger.record("alice", TODAY, SpendCategory.LEARNING, new Spend(800, 0, BigDecimal.ZERO, 1));
        var policy = new BudgetPolicy(OptionalLong.of(900), Optional.empty());

        assertThatThrownBy(() -> budgeted(policy).chat(request)).isInstanceOf(BudgetExceededException.class);
        assertThat(model.received).isEmpty();
    }

    @Test
    void the_cap_is_per_tenant_and_per_day() {
        ledger.record("bob", TODAY, SpendCategory.REFLECTION, new Spend(1_000_000, 0, BigDecimal.TEN, 1));
        ledger.record("alice", TODAY.minusDays(1), SpendCategory.REFLECTION, new Spend(1_000_000, 0, BigDecimal.TEN, 1));
        var policy = new BudgetPolicy(OptionalLong.of(10_000), Optional.of(BigDecimal.ONE));
        model.then(r -> answer(5, 5));

        budgeted(policy).chat(request);

        assertThat(model.received).hasSize(1);
    }

    @Test
    void the_budget_day_follows_the_configured_zone() {
        model.then(r -> answer(5, 5));

        new BudgetedLanguageModel(model, ledger, BudgetPolicy.unlimited(), PRICES, CLOCK, ZoneId.of("Asia/Tokyo"))
                .chat(request);

        assertThat(ledger.spentOn("alice", TODAY.plusDays(1)).total().calls()).isEqualTo(1);
        assertThat(ledger.spentOn("alice", TODAY).byCategory()).isEmpty();
    }

    @Test
    void a_structured_output_failure_is_still_charged() {
        model.then(r -> {
            throw new StructuredOutputException("decision", List.of("$: no JSON"), "sorry", new TokenUsage(300, 40));
        });

        assertThatThrownBy(() -> budgeted(BudgetPolicy.unlimited()).chat(request))
                .isInstanceOf(StructuredOutputException.class);
        assertThat(ledger.spentOn("alice", TODAY).of(SpendCategory.CONSOLIDATION).tokens()).isEqualTo(340);
    }

    @Test
    void an_unavailable_model_charges_nothing() {
        model.then(r -> {
            throw new UnavailableException("provider down");
        });

        assertThatThrownBy(() -> budgeted(BudgetPolicy.unlimited()).chat(request))
                .isInstanceOf(UnavailableException.class);
        assertThat(ledger.spentOn("alice", TODAY).byCategory()).isEmpty();
    }

    @Test
    void an_unpriced_model_is_charged_tokens_only() {
        var unpriced = new BudgetedLanguageModel(model, ledger, BudgetPolicy.unlimited(), ModelPricing.none(),
                CLOCK, ZoneOffset.UTC);
        model.then(r -> answer(10, 10));

        unpriced.chat(request);

        Spend spent = ledger.spentOn("alice", TODAY).total();
        assertThat(spent.tokens()).isEqualTo(20);
        assertThat(spent.usd()).isEqualByComparingTo("0");
    }

    @Test
    void a_disabled_model_stays_disabled_and_touches_no_budget() {
        var budgeted = new BudgetedLanguageModel(new DisabledLanguageModel(), ledger,
                new BudgetPolicy(OptionalLong.of(0), Optional.empty()), PRICES, CLOCK, ZoneOffset.UTC);

        assertThat(budgeted.isEnabled()).isFalse();
        assertThat(budgeted.model()).isEqualTo("none");
        assertThatThrownBy(() -> budgeted.chat(request)).isInstanceOf(UnavailableException.class);
        assertThat(ledger.spentOn("alice", TODAY).byCategory()).isEmpty();
    }
}
