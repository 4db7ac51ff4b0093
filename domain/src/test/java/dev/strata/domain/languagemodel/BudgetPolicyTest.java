package dev.strata.domain.languagemodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.error.BudgetExceededException;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class BudgetPolicyTest {

    private static Spend spend(long tokens, String usd) {
        return new Spend(tokens, 0, new BigDecimal(usd), 1);
    }

    @Test
    void an_unlimited_policy_never_refuses() {
        assertThat(BudgetPolicy.unlimited().refusal(spend(10_000_000, "1000"), spend(1_000_000, "5"))).isEmpty();
    }

    @Test
    void refuses_when_the_call_would_pass_the_token_cap() {
        var policy = new BudgetPolicy(OptionalLong.of(1000), Optional.empty());

        assertThat(policy.refusal(spend(600, "0"), spend(400, "0"))).isEmpty();
        assertThat(policy.refusal(spend(601, "0"), spend(400, "0")))
                .hasValueSatisfying(reason -> assertThat(reason).contains("token cap 1000"));
    }

    @Test
    void refuses_when_the_call_would_pass_the_usd_cap() {
        var policy = new BudgetPolicy(OptionalLong.empty(), Optional.of(new BigDecimal("2.00")));

        assertThat(policy.refusal(spend(0, "1.50"), spend(0, "0.50"))).isEmpty();
        assertThat(policy.refusal(spend(0, "1.50"), spend(0, "0.51")))
                .hasValueSatisfying(reason -> assertThat(reason).contains("USD cap 2.00"));
    }

    @Test
    void a_zero_cap_refuses_every_call() {
        var policy = new BudgetPolicy(OptionalLong.of(0), Optional.empty());

        assertThat(policy.refusal(Spend.NONE, spend(1, "0"))).isPresent();
    }

    @Test
    void check_raises_budget_exceeded_naming_the_tenant() {
        var policy = new BudgetPolicy(OptionalLong.empty(), Optional.of(BigDecimal.ONE));

        assertThatThrownBy(() -> policy.check("alice", spend(0, "1"), spend(0, "0.01")))
                .isInstanceOf(BudgetExceededException.class)
                .hasMessageContaining("alice");
        assertThatCode(() -> policy.check("alice", spend(0, "0.5"), spend(0, "0.01"))).doesNotThrowAnyException();
    }

    @Test
    void estimates_a_request_as_its_prompt_plus_all_allowed_output() {
        ChatRequest request = ChatRequest.of("alice", SpendCategory.CONSOLIDATION, "12345678", "1234").withMaxTokens(50);

        TokenUsage estimate = BudgetPolicy.estimate(request);

        assertThat(estimate.inputTokens()).isEqualTo(3);
        assertThat(estimate.outputTokens()).isEqualTo(50);
    }

    @Test
    void rejects_negative_caps() {
        assertThatThrownBy(() -> new BudgetPolicy(OptionalLong.of(-1), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
