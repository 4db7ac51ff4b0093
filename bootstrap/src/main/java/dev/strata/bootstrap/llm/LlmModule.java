package dev.strata.bootstrap.llm;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.llm.chat.ProviderLanguageModel;
import dev.strata.adapters.sqlite.SqliteSpendLedger;
import dev.strata.application.languagemodel.BudgetedLanguageModel;
import dev.strata.application.languagemodel.DisabledLanguageModel;
import dev.strata.application.languagemodel.ModelSpendService;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.ModelPricing;

import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The language model area: the configured provider's client on every tenant's daily budget (or the
 * disabled model when none is configured), and the spend it records.
 */
public final class LlmModule implements AreaModule {

    private static final System.Logger LOG = System.getLogger(LlmModule.class.getName());

    private final LanguageModel languageModel;
    private final ModelSpendService spend;
    private final Supplier<String> circuit;

    private LlmModule(LanguageModel languageModel, ModelSpendService spend, Supplier<String> circuit) {
        this.languageModel = languageModel;
        this.spend = spend;
        this.circuit = circuit;
    }

    public static LlmModule wire(SqliteDatabase db, LlmSettings settings, Clock clock) {
        SqliteSpendLedger ledger = new SqliteSpendLedger(db);
        AtomicReference<Supplier<String>> circuit = new AtomicReference<>(() -> "disabled");
        LanguageModel model = settings.chat().map(chat -> {
            LanguageModel client = chat.provider().create(chat.settings(), clock);
            if (client instanceof ProviderLanguageModel provider) {
                circuit.set(() -> provider.circuitState().name().toLowerCase(Locale.ROOT));
            }
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
        return new LlmModule(model, new ModelSpendService(model, ledger, settings.budget(), clock, settings.budgetZone()),
                circuit.get());
    }

    /** The model every LLM feature calls; {@code isEnabled()} is false when none is configured. */
    public LanguageModel languageModel() {
        return languageModel;
    }

    /**
     * The model client's circuit breaker, for health: {@code closed}, {@code open} (calls refused after
     * repeated failures), {@code half_open} (one trial call allowed) or {@code disabled} (no model).
     */
    public String circuit() {
        return circuit.get();
    }

    /** What each tenant spent on the model, against its budget. */
    public ModelSpendService spend() {
        return spend;
    }
}
