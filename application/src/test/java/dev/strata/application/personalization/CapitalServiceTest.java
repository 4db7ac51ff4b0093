package dev.strata.application.personalization;

import dev.strata.domain.MutableClock;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.CapitalMetrics;
import dev.strata.domain.personalization.CapitalTier;
import dev.strata.domain.personalization.InMemoryCapitalMetricsStore;
import dev.strata.domain.personalization.InMemoryFinancialProfileStore;
import dev.strata.domain.personalization.PortfolioReading;
import dev.strata.domain.personalization.PortfolioSource;
import dev.strata.domain.personalization.ProfileEdit;
import dev.strata.domain.personalization.UserId;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

class CapitalServiceTest {

    private static final Tenant ACME = Tenant.of("acme");
    private static final UserId ANN = UserId.of("ann");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private final InMemoryCapitalMetricsStore store = new InMemoryCapitalMetricsStore();
    private final InMemoryFinancialProfileStore profiles = new InMemoryFinancialProfileStore();
    private final ScriptedSource source = new ScriptedSource();
    private final CapitalService service = new CapitalService(store, profiles, source, PersonalizationPolicy.defaults()
            .withCapital(Duration.ofHours(1), Duration.ofMinutes(15)), clock);

    /** Answers from a script; counts the reads. */
    static final class ScriptedSource implements PortfolioSource {
        final Deque<Supplier<PortfolioReading>> script = new ArrayDeque<>();
        final List<String> reads = new ArrayList<>();

        ScriptedSource then(String spot, String perp) {
            script.add(() -> new PortfolioReading(new BigDecimal(spot), new BigDecimal(perp)));
            return this;
        }

        ScriptedSource down() {
            script.add(() -> {
                throw new UnavailableException("portfolio service answered 502");
            });
            return this;
        }

        @Override
        public PortfolioReading read(Tenant tenant, UserId user) {
            reads.add(tenant + "/" + user);
            return script.poll().get();
        }
    }

    @Test
    void a_recompute_stores_spot_plus_perp_and_its_tier() {
        source.then("7000", "3000.5");

        CapitalRecompute r = service.recompute(ACME, ANN);

        assertThat(r.outcome()).isEqualTo(CapitalRecompute.Outcome.COMPUTED);
        assertThat(r.metrics().value().orElseThrow().totalUsd()).isEqualByComparingTo("10000.5");
        assertThat(r.metrics().value().orElseThrow().tier()).isEqualTo(CapitalTier.TIER_7);
        assertThat(r.metrics().value().orElseThrow().computedAt()).isEqualTo(clock.instant());
    }

    @Test
    void a_recompute_inside_the_cooldown_reads_nothing() {
        source.then("100", "0").then("999999", "0");
        service.recompute(ACME, ANN);
        clock.advance(Duration.ofMinutes(59));

        CapitalRecompute r = service.recompute(ACME, ANN);

        assertThat(r.outcome()).isEqualTo(CapitalRecompute.Outcome.COOLDOWN);
        assertThat(source.reads).hasSize(1);
        assertThat(r.metrics().value().orElseThrow().tier()).isEqualTo(CapitalTier.TIER_3);
        clock.advance(Duration.ofMinutes(1));
        assertThat(service.recompute(ACME, ANN).metrics().value().orElseThrow().tier()).isEqualTo(CapitalTier.TIER_8);
    }

    @Test
    void unavailable_sources_keep_the_last_value_never_a_zero_and_retry_sooner() {
        source.then("60000", "0").down().then("20", "0");
        service.recompute(ACME, ANN);
        clock.advance(Duration.ofHours(1));

        CapitalRecompute failed = service.recompute(ACME, ANN);

        assertThat(failed.outcome()).isEqualTo(CapitalRecompute.Outcome.UNAVAILABLE);
        assertThat(failed.metrics().value().orElseThrow().totalUsd()).isEqualByComparingTo("60000");
        assertThat(failed.metrics().value().orElseThrow().tier()).isEqualTo(CapitalTier.TIER_8);
        assertThat(failed.metrics().lastFailure()).contains("portfolio service answered 502");
        assertThat(failed.metrics().nextUpdate()).contains(clock.instant().plus(Duration.ofMinutes(15)));

        clock.advance(Duration.ofMinutes(15));
        CapitalMetrics after = service.recompute(ACME, ANN).metrics();
        assertThat(after.value().orElseThrow().tier()).isEqualTo(CapitalTier.TIER_2);
        assertThat(after.lastFailure()).isEmpty();
    }

    @Test
    void a_failure_before_any_value_leaves_no_value_rather_than_zero() {
        source.down();

        CapitalRecompute r = service.recompute(ACME, ANN);

        assertThat(r.metrics().value()).isEmpty();
        assertThat(service.metrics(ACME, ANN).orElseThrow().value()).isEmpty();
    }

    @Test
    void a_pushed_reading_is_stored_at_once() {
        CapitalMetrics m = service.record(ACME, ANN, new PortfolioReading(new BigDecimal("499.99"), BigDecimal.ZERO));

        assertThat(m.value().orElseThrow().tier()).isEqualTo(CapitalTier.TIER_3);
        assertThat(source.reads).isEmpty();
    }

    @Test
    void the_daily_job_visits_every_profile_row_behind_its_cooldown() {
        profiles.edit(ACME, ANN, ProfileEdit.NONE.withIncludeTags(true), clock.instant());
        profiles.edit(Tenant.of("other"), UserId.DEFAULT, ProfileEdit.NONE.withIncludeTags(true), clock.instant());
        source.then("1", "0").then("2", "0");

        assertThat(service.recomputeAll()).isEqualTo(2);
        assertThat(source.reads).containsExactly("acme/ann", "other/default");
        assertThat(service.recomputeAll()).isZero();
        assertThat(source.reads).hasSize(2);
    }
}
