package dev.strata.application.personalization.rebuild;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.RebuildKind;
import dev.strata.domain.personalization.UserId;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What every flow checks first, and the cooldown claim. The claim moves the cooldown at once, before
 * the work, so it holds even when the rebuild then fails (spec 04 "Partial rebuilds leave stale
 * state"); a forced run sets it unconditionally.
 */
final class RebuildGate {

    static final String SWITCHED_OFF = "personalization rebuilding is switched off (MINARA_PERSONALIZATION_REBUILD=disabled)";
    static final String NO_MODEL = "no language model is configured, so nothing was rebuilt";

    private final LanguageModel model;
    private final FinancialProfileStore profiles;
    private final Clock clock;
    private final RebuildPolicy settings;

    RebuildGate(LanguageModel model, FinancialProfileStore profiles, Clock clock, RebuildPolicy settings) {
        this.model = model;
        this.profiles = profiles;
        this.clock = clock;
        this.settings = settings;
    }

    /** Why {@code flow} cannot run at all, if it cannot. */
    Optional<RebuildOutcome> closed(String flow, boolean needsModel) {
        if (!settings.enabled()) {
            return Optional.of(RebuildOutcome.skipped(flow, SWITCHED_OFF));
        }
        if (needsModel && !model.isEnabled()) {
            return Optional.of(RebuildOutcome.skipped(flow, NO_MODEL));
        }
        return Optional.empty();
    }

    /** Claims {@code kind}'s cooldown; empty when claimed, else the skip saying until when it cools down. */
    Optional<RebuildOutcome> claim(String flow, Tenant tenant, UserId user, RebuildKind kind, Duration cooldown,
                                   boolean forced) {
        Instant now = clock.instant();
        if (forced) {
            profiles.scheduleRebuild(tenant, user, kind, now.plus(cooldown), now);
            return Optional.empty();
        }
        if (profiles.claimRebuild(tenant, user, kind, now, now.plus(cooldown))) {
            return Optional.empty();
        }
        String until = profiles.find(tenant, user).map(FinancialProfile::schedule)
                .flatMap(s -> s.nextUpdate(kind)).map(Instant::toString).orElse("later");
        return Optional.of(RebuildOutcome.skipped(flow, "cooling down until " + until));
    }

    /** A failure of the model call in words, for the outcome. */
    static String describe(RuntimeException e) {
        String kind = switch (e) {
            case dev.strata.domain.languagemodel.StructuredOutputException ignored -> "the model's answer did not parse";
            case dev.strata.domain.error.BudgetExceededException ignored -> "the model call was refused by the budget";
            case dev.strata.domain.error.UnavailableException ignored -> "the model was unavailable";
            default -> "the rebuild failed";
        };
        return kind + ": " + PromptText.plain(String.valueOf(e.getMessage()), 300);
    }
}
