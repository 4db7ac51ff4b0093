package dev.strata.domain.languagemodel;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelPriceTest {

    @Test
    void prices_input_and_output_tokens_per_million() {
        var price = new ModelPrice(new BigDecimal("0.80"), new BigDecimal("4.00"));

        assertThat(price.costOf(new TokenUsage(1000, 500))).isEqualByComparingTo("0.0028");
        assertThat(price.costOf(TokenUsage.NONE)).isEqualByComparingTo("0");
    }

    @Test
    void unpriced_models_have_no_price() {
        var pricing = new ModelPricing(Map.of("claude-3-5-haiku-latest", ModelPrice.FREE));

        assertThat(pricing.priceOf("claude-3-5-haiku-latest")).contains(ModelPrice.FREE);
        assertThat(pricing.priceOf("llama3")).isEmpty();
    }

    @Test
    void spend_adds_up_and_categories_round_trip_through_their_keys() {
        Spend sum = Spend.ofCall(new TokenUsage(3, 4), new BigDecimal("0.1")).plus(Spend.ofCall(new TokenUsage(1, 1), BigDecimal.ONE));

        assertThat(sum).isEqualTo(new Spend(4, 5, new BigDecimal("1.1"), 2));
        for (SpendCategory category : SpendCategory.values()) {
            assertThat(SpendCategory.fromKey(category.key())).isEqualTo(category);
        }
        assertThat(SpendCategory.REBUILD.key()).isEqualTo("rebuild");
    }
}
