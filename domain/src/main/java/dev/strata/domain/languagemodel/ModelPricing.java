package dev.strata.domain.languagemodel;

import java.util.Map;
import java.util.Optional;

/** Configured prices by model identifier; a model without a price is charged tokens only. */
public record ModelPricing(Map<String, ModelPrice> prices) {

    public ModelPricing {
        prices = Map.copyOf(prices);
    }

    public static ModelPricing none() {
        return new ModelPricing(Map.of());
    }

    public Optional<ModelPrice> priceOf(String model) {
        return Optional.ofNullable(prices.get(model));
    }
}
