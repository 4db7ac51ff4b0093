package dev.strata.bootstrap;

import dev.strata.application.model.BudgetedLanguageModel;
import dev.strata.application.model.DisabledLanguageModel;
import dev.strata.domain.model.LanguageModel;
import dev.strata.domain.model.ModelPricing;
import dev.strata.domain.model.SpendLedger;

import java.time.Clock;
import java.util.Map;

/** Builds the configured language model: the provider's client on the tenant's budget, or the disabled model. */
final class LanguageModels {

    private static final System.Logger LOG = System.getLogger(LanguageModels.class.getName());

    private LanguageModels() {
    }

    static LanguageModel of(LlmSettings settings, SpendLedger ledger, Clock clock) {
        if (settings.provider().isEmpty()) {
            LOG.log(System.Logger.Level.INFO, "no language model configured (strata.llm.provider=none): "
                    + "LLM features are disabled");
            return new DisabledLanguageModel();
        }
        LanguageModel client = settings.provider().get().create(settings.chat().orElseThrow(), clock);
        ModelPricing pricing = settings.price().map(p -> new ModelPricing(Map.of(settings.model(), p)))
                .orElse(ModelPricing.none());
        LOG.log(System.Logger.Level.INFO, "language model: {0}", settings);
        return new BudgetedLanguageModel(client, ledger, settings.budget(), pricing, clock, settings.budgetZone());
    }
}
