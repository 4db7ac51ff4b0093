package dev.strata.application.fact;

import dev.strata.application.languagemodel.DisabledLanguageModel;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactStatus;
import dev.strata.domain.fact.InMemoryFactStore;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static dev.strata.application.provenance.TestOrigins.AGENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FactSweeperTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant BOB = Tenant.of("bob");
    private static final Duration DEBOUNCE = Duration.ofSeconds(2);
    private static final Duration MAX_WAIT = Duration.ofSeconds(30);

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-14T09:00:00Z"));
    private final ManualScheduler scheduler = new ManualScheduler(clock);
    private final InMemoryFactStore store = new InMemoryFactStore();
    private final GeneralFactService facts = new GeneralFactService(store, new FactConsolidator(
            new DisabledLanguageModel(), store, new InMemoryMemoryStore(), clock, ConsolidationSettings.DISABLED),
            clock, 1000, new InMemoryAuditLog());
    private final List<Tenant> swept = new ArrayList<>();
    private final FactSweeper sweeper = new FactSweeper(tenant -> {
        swept.add(tenant);
        facts.consolidatePending(tenant);
    }, scheduler, clock, DEBOUNCE, MAX_WAIT);

    {
        facts.addListener(sweeper);
    }

    @Test
    void a_thousand_recordings_return_at_once_and_converge_to_one_active_fact_per_statement() {
        int statements = 50;
        Set<Long> recorded = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            int topic = (i * 37) % statements;
            String wording = switch (i % 4) {
                case 0 -> "user holds asset number " + topic;
                case 1 -> "User holds asset number " + topic + ".";
                case 2 -> "  user   HOLDS asset number " + topic + " !";
                default -> "user holds asset number " + topic + "…";
            };
            Fact fact = facts.recordFact(ALICE, wording, Optional.empty(), AGENT);
            assertThat(fact.status()).isEqualTo(FactStatus.PENDING);
            recorded.add(fact.id().value());
            clock.advance(Duration.ofMillis(1));
        }

        assertThat(recorded).hasSize(1000);
        assertThat(store.count(ALICE, FactStatus.PENDING)).as("recording never consolidates inline").isEqualTo(1000);
        assertThat(scheduler.ran()).isZero();
        assertThat(scheduler.live()).as("the burst planned a single sweep").isEqualTo(1);

        scheduler.advance(DEBOUNCE);

        assertThat(swept).containsExactly(ALICE);
        assertThat(store.count(ALICE, FactStatus.PENDING)).isZero();
        assertThat(store.count(ALICE, FactStatus.ACTIVE)).isEqualTo(statements);
        assertThat(store.count(ALICE, FactStatus.RETIRED)).isEqualTo(1000 - statements);
        assertThat(facts.activeFacts(ALICE, 100)).extracting(Fact::normalized).doesNotHaveDuplicates();
        assertThat(sweeper.isPlanned(ALICE)).isFalse();
    }

    @Test
    void each_recording_postpones_the_sweep_by_the_debounce() {
        facts.recordFact(ALICE, "one", Optional.empty(), AGENT);
        scheduler.advance(Duration.ofMillis(1500));
        facts.recordFact(ALICE, "two", Optional.empty(), AGENT);
        scheduler.advance(Duration.ofMillis(1500));

        assertThat(swept).as("3 s after the first fact, but only 1.5 s after the last").isEmpty();

        scheduler.advance(Duration.ofMillis(500));

        assertThat(swept).containsExactly(ALICE);
        assertThat(store.count(ALICE, FactStatus.ACTIVE)).isEqualTo(2);
    }

    @Test
    void a_steady_trickle_is_swept_no_later_than_the_max_wait() {
        for (int second = 0; second < 29; second++) {
            facts.recordFact(ALICE, "fact " + second, Optional.empty(), AGENT);
            scheduler.advance(Duration.ofSeconds(1));
        }
        assertThat(swept).isEmpty();
        facts.recordFact(ALICE, "fact 29", Optional.empty(), AGENT);

        scheduler.advance(Duration.ofSeconds(1));

        assertThat(swept).as("30 s after the first recording").containsExactly(ALICE);
        assertThat(store.count(ALICE, FactStatus.PENDING)).isZero();
    }

    @Test
    void a_recording_after_a_sweep_plans_the_next_one() {
        facts.recordFact(ALICE, "one", Optional.empty(), AGENT);
        scheduler.advance(DEBOUNCE);
        facts.recordFact(ALICE, "two", Optional.empty(), AGENT);

        assertThat(sweeper.isPlanned(ALICE)).isTrue();
        scheduler.advance(DEBOUNCE);

        assertThat(swept).containsExactly(ALICE, ALICE);
        assertThat(store.count(ALICE, FactStatus.PENDING)).isZero();
    }

    @Test
    void tenants_are_debounced_independently() {
        facts.recordFact(ALICE, "alice's fact", Optional.empty(), AGENT);
        scheduler.advance(Duration.ofSeconds(1));
        facts.recordFact(BOB, "bob's fact", Optional.empty(), AGENT);
        scheduler.advance(Duration.ofSeconds(1));

        assertThat(swept).containsExactly(ALICE);

        scheduler.advance(Duration.ofSeconds(1));

        assertThat(swept).containsExactly(ALICE, BOB);
    }

    @Test
    void a_failing_sweep_is_contained_and_the_next_recording_plans_again() {
        List<Tenant> attempts = new ArrayList<>();
        FactSweeper failing = new FactSweeper(tenant -> {
            attempts.add(tenant);
            throw new IllegalStateException("storage is down");
        }, scheduler, clock, DEBOUNCE, MAX_WAIT);

        failing.request(ALICE);
        scheduler.advance(DEBOUNCE);
        failing.request(ALICE);
        scheduler.advance(DEBOUNCE);

        assertThat(attempts).containsExactly(ALICE, ALICE);
    }

    @Test
    void the_max_wait_cannot_be_shorter_than_the_debounce() {
        assertThatThrownBy(() -> new FactSweeper(t -> { }, scheduler, clock, Duration.ofSeconds(5), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
