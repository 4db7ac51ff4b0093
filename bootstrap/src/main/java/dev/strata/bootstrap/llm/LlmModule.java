package dev.strata.bootstrap.llm;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteSpendLedger;
import dev.strata.application.model.BudgetedLanguageModel;
import dev.strata.application.model.DisabledLanguageModel;
import dev.strata.application.model.ModelSpendService;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.domain.model.LanguageModel;
import dev.strata.domain.model.ModelPricing;

import java.time.Clock;
import java.util.Map;

/**
 * The language model area: the configured provider's client on every tenant's daily budget (or the
 * disabled model when none is configured), and the spend it records.
 */
public final class LlmModule implements AreaModule {

    private static final System.Logger LOG = System.getLogger(LlmModule.class.getName());

    private final LanguageModel languageModel;
    private final ModelSpendService spend;

    private LlmModule(LanguageModel languageModel, ModelSpendService spend) {
        this.languageModel = languageModel;
        this.spend = spend;
    }

    public static LlmModule wire(SqliteDatabase db, LlmSettings settings, Clock clock) {
        SqliteSpendLedger ledger = new SqliteSpendLedger(db);
        LanguageModel model = settings.chat().map(chat -> {
            LanguageModel client = chat.provider().create(chat.settings(), clock);
            ModelPricing pricing = settings.price().map(p -> new ModelPricing(Map.of(chat.settings().model(), p)))
                    .orElse(ModelPricing.none());
            LOG.log(System.Logger.Level.INFO, "language model: {0}", settings);
            return (LanguageModel) new BudgetedLanguageModel(client, ledger, settings.budget(), pricing, clock,
                    settings.budgetZone());
        }).orElseGet(() -> {
            LOG.log(System.Logger.Level.INFO, "no language model configured (strata.llm.provider=none): "
                    + "LLM features are disabled");
            return new DisabledLanguageModel();
        });
        return new LlmModule(model, new ModelSpendService(model, ledger, settings.budget(), clock, settings.budgetZone()));
    }

    /** The model every LLM feature calls; {@code isEnabled()} is false when none is configured. */
    public LanguageModel languageModel() {
        return languageModel;
    }

    /** What each tenant spent on the model, against its budget. */
    public ModelSpendService spend() {
        return spend;
    }
}
