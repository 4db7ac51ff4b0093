package dev.strata.application.snapshot;

import dev.strata.domain.MutableClock;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.profile.InMemoryUserProfileStore;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The one injection policy for both specs, as the README documents it. */
class SnapshotPolicyTest {

    private static final Tenant ME = Tenant.of("me");
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final MutableClock clock = new MutableClock(T0);
    private int second;

    private void add(String category, String content) {
        store.insert(new NewMemory(ME, Category.resolve(category), content, Metadata.EMPTY, Source.USER_MANUAL),
                T0.plusSeconds(second++));
    }

    private SnapshotService service(int cap) {
        return new SnapshotService(store, new InMemoryUserProfileStore(), cap, clock);
    }

    @Test
    void identity_then_lessons_then_user_stated_then_decisions_then_context_then_the_rest_and_reference_and_historical_never() {
        add("context", "old context");
        add("identity", "I monitor the payment gateway");
        add("preference", "always use 0.5% slippage");
        add("reference", "runbook at wiki/payments");
        add("lesson", "older lesson");
        add("decision", "we chose JWT");
        add("historical", "Q1 migration completed");
        add("lesson", "newer lesson");
        add("observation", "newest observation");

        assertThat(service(50).injected(ME)).extracting(Memory::content).containsExactly(
                "I monitor the payment gateway",
                "newer lesson", "older lesson",
                "always use 0.5% slippage",
                "we chose JWT",
                "old context",
                "newest observation");
    }

    @Test
    void preference_and_personalization_share_one_tier_newest_first_right_after_lessons() {
        add("personalization", "treats crypto as 5% of the portfolio");
        add("observation", "avoided memes in Q1");
        add("preference", "always use 0.5% slippage");
        add("lesson", "trail stops by 8%");
        add("alert", "ETF inflows spiked");

        assertThat(service(50).injected(ME)).extracting(Memory::content).containsExactly(
                "trail stops by 8%",
                "always use 0.5% slippage", "treats crypto as 5% of the portfolio",
                "ETF inflows spiked", "avoided memes in Q1");
    }

    @Test
    void a_full_budget_keeps_user_stated_entries_over_newer_decisions_context_and_observations() {
        add("preference", "always use 0.5% slippage");
        add("decision", "we chose JWT");
        add("context", "migration in progress");
        add("observation", "newest observation");

        assertThat(service(2).injected(ME)).extracting(Memory::content)
                .containsExactly("always use 0.5% slippage", "we chose JWT");
    }

    @Test
    void the_cap_drops_the_oldest_of_the_last_tier_but_never_an_identity() {
        for (int i = 0; i < 3; i++) {
            add("identity", "identity " + i);
        }
        add("lesson", "a lesson");
        add("decision", "old decision");
        add("decision", "new decision");

        assertThat(service(5).injected(ME)).extracting(Memory::content)
                .containsExactly("identity 2", "identity 1", "identity 0", "a lesson", "new decision");
        assertThat(service(2).injected(ME)).extracting(Memory::content)
                .containsExactly("identity 2", "identity 1", "identity 0");
    }

    @Test
    void the_budget_reports_overflow_and_warns_at_eighty_percent() {
        for (int i = 0; i < 8; i++) {
            add("context", "context " + i);
        }
        add("reference", "not injectable");

        SnapshotService.SnapshotBudget under = service(20).budget(ME);
        assertThat(under.injectable()).isEqualTo(8);
        assertThat(under.warning()).isFalse();

        SnapshotService tight = service(10);
        tight.render(ME);
        SnapshotService.SnapshotBudget near = tight.budget(ME);
        assertThat(near.warning()).isTrue();
        assertThat(near.warningsLogged()).isEqualTo(1);
        tight.render(ME);
        assertThat(tight.budget(ME).warningsLogged()).as("warnings are rate-limited per tenant").isEqualTo(1);

        SnapshotService.SnapshotBudget over = service(5).budget(ME);
        assertThat(over.injected()).isEqualTo(5);
        assertThat(over.overflow()).isEqualTo(3);
    }

    @Test
    void overflowing_entries_keep_their_type_and_stay_searchable() {
        for (int i = 0; i < 4; i++) {
            add("decision", "decision about slippage " + i);
        }
        assertThat(service(2).injected(ME)).hasSize(2);
        assertThat(store.search(new dev.strata.domain.memory.SearchRequest(ME, "slippage", 10, Optional.empty())))
                .hasSize(4).allSatisfy(h -> assertThat(h.memory().category()).isEqualTo(Category.DECISION));
    }

    @Test
    void keyed_entries_render_with_their_key() {
        store.save(new NewMemory(ME, Category.DECISION, "JWT with 1h expiry", Metadata.EMPTY, Source.AGENT_RECORDED,
                Optional.of(MemoryKey.of("auth-approach"))), Optional.empty(), T0);
        assertThat(service(50).render(ME)).contains("[decision] [auth-approach]: JWT with 1h expiry");
    }
}
