package dev.strata.bootstrap.personalization;

import dev.strata.adapters.http.personalization.HttpPortfolioSource;
import dev.strata.adapters.sqlite.SqliteCapitalMetricsStore;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteFinancialProfileStore;
import dev.strata.adapters.sqlite.SqliteStrategyRunStore;
import dev.strata.adapters.sqlite.SqliteUserTagStore;
import dev.strata.application.personalization.CapitalService;
import dev.strata.application.personalization.IntentGate;
import dev.strata.application.personalization.PersonalizationService;
import dev.strata.application.personalization.StrategyRunService;
import dev.strata.application.session.SessionPersonalization;
import dev.strata.bootstrap.access.AccessModule;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.llm.LlmModule;
import dev.strata.bootstrap.memory.MemoryModule;
import dev.strata.bootstrap.profile.ProfileModule;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.PortfolioSource;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The personalization area (spec 04's database sub-layer): the financial profile, the ten tags,
 * onboarding, capital metrics and strategy runs, and what sessions take from them.
 */
public final class PersonalizationModule implements AreaModule {

    /**
     * Without {@code strata.personalization.portfolio-url}, capital comes from pushed readings only; a
     * recompute then keeps the last value, as for any unavailable source.
     */
    static final PortfolioSource NO_PORTFOLIO_SOURCE = (tenant, user) -> {
        throw new UnavailableException("no portfolio source is configured; push readings to POST /v1/profile/capital");
    };

    private final FinancialProfileStore profiles;
    private final PersonalizationService personalization;
    private final CapitalService capital;
    private final StrategyRunService strategyRuns;
    private final IntentGate intentGate;
    private final Duration capitalInterval;

    private PersonalizationModule(FinancialProfileStore profiles, PersonalizationService personalization,
                                  CapitalService capital, StrategyRunService strategyRuns, IntentGate intentGate,
                                  Duration capitalInterval) {
        this.profiles = profiles;
        this.personalization = personalization;
        this.capital = capital;
        this.strategyRuns = strategyRuns;
        this.intentGate = intentGate;
        this.capitalInterval = capitalInterval;
    }

    public static PersonalizationModule wire(SqliteDatabase db, PersonalizationSettings s, MemoryModule memory,
                                             ProfileModule profile, LlmModule llm, AccessModule access, Clock clock) {
        FinancialProfileStore profiles = new SqliteFinancialProfileStore(db);
        PersonalizationService personalization = new PersonalizationService(profiles, new SqliteUserTagStore(db),
                memory.memories(), profile.profile(), s.policy(), clock, access.secrets(), access.auditLog());
        return new PersonalizationModule(profiles, personalization,
                new CapitalService(new SqliteCapitalMetricsStore(db), profiles, s.portfolioUrl()
                        .<PortfolioSource>map(url -> new HttpPortfolioSource(url, s.portfolioTimeout()))
                        .orElse(NO_PORTFOLIO_SOURCE), s.policy(), clock, access.auditLog()),
                new StrategyRunService(new SqliteStrategyRunStore(db), s.policy(), clock, access.auditLog()),
                IntentGate.of(s.policy(), llm.languageModel()), s.capitalInterval());
    }

    /** The profile store: the rebuild flows claim cooldowns and advance cursors through it. */
    public FinancialProfileStore profiles() {
        return profiles;
    }

    public PersonalizationService personalization() {
        return personalization;
    }

    public CapitalService capital() {
        return capital;
    }

    public StrategyRunService strategyRuns() {
        return strategyRuns;
    }

    public IntentGate intentGate() {
        return intentGate;
    }

    /** What a session's prompt takes from this area. */
    public SessionPersonalization forSessions() {
        return SessionPersonalization.of(personalization, intentGate);
    }

    @Override
    public List<Job> jobs() {
        return List.of(Job.every(capitalInterval, "recompute of capital metrics", capital::recomputeAll));
    }
}
