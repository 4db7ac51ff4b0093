package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link FinancialProfileStore} promises, run against the fake and the SQLite store alike. */
public abstract class FinancialProfileStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final UserId ANN = UserId.of("ann");
    protected static final Instant T0 = Instant.parse("2026-01-01T10:00:00.123Z");

    protected FinancialProfileStore store;

    protected abstract FinancialProfileStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    private static TradingSummary summary(String text, String trade, String fill, String spot) {
        return new TradingSummary(text, Optional.of("follows 0xabc"),
                new TradingCursors(Optional.of(trade), Optional.of(fill), Optional.of(spot)));
    }

    private static OnboardingAnswers answers(String risk) {
        return new OnboardingAnswers(Optional.of(TagValue.single(TagDimension.FINANCE_KNOWLEDGE, "level_2", "f")),
                Optional.empty(), Optional.of(TagValue.single(TagDimension.RISK, risk, "r")),
                Optional.of(TagValue.multi(TagDimension.MARKETS, List.of("memes", "stocks"), "m")),
                Optional.of("about $5k, \"mostly\" in <stablecoins>"));
    }

    @Test
    void a_user_without_a_row_has_none() {
        assertThat(store.find(ALICE, ANN)).isEmpty();
        assertThat(store.users(ALICE)).isEmpty();
    }

    @Test
    void an_edit_creates_the_row_with_defaults_and_changes_only_the_named_fields() {
        FinancialProfile edited = store.edit(ALICE, ANN, ProfileEdit.NONE.withCustomPrompt(Optional.of("Prefer\nstables.")),
                T0);

        FinancialProfile read = store.find(ALICE, ANN).orElseThrow();
        assertThat(read).isEqualTo(edited);
        assertThat(read.customPrompt()).contains("Prefer\nstables.");
        assertThat(read.visibility()).isEqualTo(Visibility.ALL);
        assertThat(read.schedule()).isEqualTo(RebuildSchedule.NEVER_RUN);
        assertThat(read.tradingCursors()).isEqualTo(TradingCursors.NONE);
        assertThat(read.onboarding().completed()).isFalse();
        assertThat(read.createdAt()).isEqualTo(T0);
        assertThat(read.updatedAt()).isEqualTo(T0);

        store.edit(ALICE, ANN, ProfileEdit.NONE.withIncludeTags(false)
                .withReferenceWallets(new ReferenceWallets(List.of("0xabc", "So1ana"))).withIncludeMemories(false),
                T0.plusSeconds(5));
        FinancialProfile again = store.find(ALICE, ANN).orElseThrow();
        assertThat(again.customPrompt()).contains("Prefer\nstables.");
        assertThat(again.visibility()).isEqualTo(new Visibility(false, true, false));
        assertThat(again.referenceWallets().addresses()).containsExactly("0xabc", "So1ana");
        assertThat(again.createdAt()).isEqualTo(T0);
        assertThat(again.updatedAt()).isEqualTo(T0.plusSeconds(5));
    }

    @Test
    void a_custom_prompt_can_be_cleared() {
        store.edit(ALICE, ANN, ProfileEdit.NONE.withCustomPrompt(Optional.of("x")), T0);

        store.edit(ALICE, ANN, ProfileEdit.NONE.withCustomPrompt(Optional.empty()), T0);

        assertThat(store.find(ALICE, ANN).orElseThrow().customPrompt()).isEmpty();
    }

    @Test
    void onboarding_keeps_its_first_completion_and_the_latest_answers() {
        store.recordOnboarding(ALICE, ANN, answers("balanced"), T0);

        FinancialProfile again = store.recordOnboarding(ALICE, ANN, answers("aggressive"), T0.plusSeconds(60));

        assertThat(again.onboarding().completedAt()).contains(T0);
        assertThat(again.onboarding().answers()).contains(answers("aggressive"));
        assertThat(store.find(ALICE, ANN).orElseThrow().onboarding()).isEqualTo(again.onboarding());
    }

    @Test
    void a_claim_succeeds_once_while_due_and_moves_the_cooldown() {
        Instant next = T0.plus(Duration.ofMinutes(30));

        assertThat(store.claimRebuild(ALICE, ANN, RebuildKind.TRADING_SUMMARY, T0, next)).isTrue();
        assertThat(store.claimRebuild(ALICE, ANN, RebuildKind.TRADING_SUMMARY, T0.plusSeconds(1), next.plusSeconds(1)))
                .isFalse();

        FinancialProfile p = store.find(ALICE, ANN).orElseThrow();
        assertThat(p.schedule().tradingSummaryNextUpdate()).contains(next);
        assertThat(p.schedule().tagsNextUpdate()).isEmpty();
        assertThat(p.schedule().memoriesNextUpdate()).isEmpty();
    }

    @Test
    void a_claim_at_exactly_the_next_update_succeeds_and_one_a_millisecond_before_fails() {
        Instant next = T0.plus(Duration.ofMinutes(10));
        store.claimRebuild(ALICE, ANN, RebuildKind.MEMORIES, T0, next);

        assertThat(store.claimRebuild(ALICE, ANN, RebuildKind.MEMORIES, next.minusMillis(1), next.plusSeconds(600)))
                .isFalse();
        assertThat(store.claimRebuild(ALICE, ANN, RebuildKind.MEMORIES, next, next.plusSeconds(600))).isTrue();
        assertThat(store.find(ALICE, ANN).orElseThrow().schedule().memoriesNextUpdate()).contains(next.plusSeconds(600));
    }

    @Test
    void cooldown_changes_leave_the_row_timestamp_alone() {
        store.edit(ALICE, ANN, ProfileEdit.NONE.withIncludeTags(true), T0);

        store.claimRebuild(ALICE, ANN, RebuildKind.TAGS, T0.plusSeconds(10), T0.plus(Duration.ofDays(30)));
        store.scheduleRebuild(ALICE, ANN, RebuildKind.MEMORIES, T0.plusSeconds(99), T0.plusSeconds(20));

        FinancialProfile p = store.find(ALICE, ANN).orElseThrow();
        assertThat(p.updatedAt()).isEqualTo(T0);
        assertThat(p.schedule().tagsNextUpdate()).contains(T0.plus(Duration.ofDays(30)));
        assertThat(p.schedule().memoriesNextUpdate()).contains(T0.plusSeconds(99));
    }

    @Test
    void schedule_sets_the_cooldown_even_when_it_is_not_due() {
        store.claimRebuild(ALICE, ANN, RebuildKind.TAGS, T0, T0.plus(Duration.ofDays(30)));

        store.scheduleRebuild(ALICE, ANN, RebuildKind.TAGS, T0, T0);

        assertThat(store.claimRebuild(ALICE, ANN, RebuildKind.TAGS, T0, T0.plusSeconds(1))).isTrue();
    }

    @Test
    void due_lists_rows_across_tenants_oldest_due_first_and_leaves_out_rows_in_cooldown() {
        store.scheduleRebuild(ALICE, ANN, RebuildKind.TAGS, T0.plusSeconds(30), T0);
        store.scheduleRebuild(BOB, ANN, RebuildKind.TAGS, T0.plusSeconds(10), T0);
        store.scheduleRebuild(BOB, UserId.DEFAULT, RebuildKind.TAGS, T0.plusSeconds(500), T0);
        store.edit(ALICE, UserId.DEFAULT, ProfileEdit.NONE.withIncludeTags(true), T0);

        assertThat(store.due(RebuildKind.TAGS, T0.plusSeconds(60), 10)).containsExactly(
                new ProfileRef(ALICE, UserId.DEFAULT), new ProfileRef(BOB, ANN), new ProfileRef(ALICE, ANN));
        assertThat(store.due(RebuildKind.TAGS, T0.plusSeconds(60), 2)).hasSize(2);
        assertThat(store.due(RebuildKind.MEMORIES, T0, 10)).hasSize(4);
    }

    @Test
    void a_trading_summary_moves_its_cursors_in_the_same_write() {
        TradingSummary s = summary("Spot: mostly ETH\nPerps: BTC longs", "t9", "f3", "s1");

        assertThat(store.storeTradingSummary(ALICE, ANN, TradingCursors.NONE, s, T0)).isTrue();

        FinancialProfile p = store.find(ALICE, ANN).orElseThrow();
        assertThat(p.platformWalletSummary()).contains("Spot: mostly ETH\nPerps: BTC longs");
        assertThat(p.referenceWalletsSummary()).contains("follows 0xabc");
        assertThat(p.tradingCursors()).isEqualTo(s.seen());
        assertThat(p.tradingSummaryUpdatedAt()).contains(T0);
    }

    @Test
    void a_trading_summary_over_cursors_another_run_moved_is_not_stored() {
        TradingSummary first = summary("first", "t9", "f3", "s1");
        store.storeTradingSummary(ALICE, ANN, TradingCursors.NONE, first, T0);

        boolean stored = store.storeTradingSummary(ALICE, ANN, TradingCursors.NONE, summary("stale", "t5", "f1", "s0"),
                T0.plusSeconds(5));

        assertThat(stored).isFalse();
        FinancialProfile p = store.find(ALICE, ANN).orElseThrow();
        assertThat(p.platformWalletSummary()).contains("first");
        assertThat(p.tradingCursors()).isEqualTo(first.seen());
        assertThat(p.tradingSummaryUpdatedAt()).contains(T0);
    }

    @Test
    void the_chat_cursor_moves_only_from_where_the_caller_read_it() {
        assertThat(store.advanceChatCursor(ALICE, ANN, Optional.empty(), "chat-10", T0)).isTrue();
        assertThat(store.advanceChatCursor(ALICE, ANN, Optional.empty(), "chat-5", T0)).isFalse();
        assertThat(store.advanceChatCursor(ALICE, ANN, Optional.of("chat-10"), "chat-12", T0)).isTrue();

        assertThat(store.find(ALICE, ANN).orElseThrow().lastIndexedChatId()).contains("chat-12");
    }

    @Test
    void a_user_edit_never_rewinds_a_cursor_or_a_summary() {
        store.advanceChatCursor(ALICE, ANN, Optional.empty(), "chat-10", T0);
        store.storeTradingSummary(ALICE, ANN, TradingCursors.NONE, summary("kept", "t1", "f1", "s1"), T0);

        store.edit(ALICE, ANN, ProfileEdit.NONE.withCustomPrompt(Optional.of("hi")), T0.plusSeconds(1));
        store.recordOnboarding(ALICE, ANN, answers("balanced"), T0.plusSeconds(2));

        FinancialProfile p = store.find(ALICE, ANN).orElseThrow();
        assertThat(p.lastIndexedChatId()).contains("chat-10");
        assertThat(p.platformWalletSummary()).contains("kept");
        assertThat(p.tradingCursors().lastTradeIdSeen()).contains("t1");
    }

    @Test
    void rows_of_one_tenant_are_invisible_to_another() {
        store.edit(ALICE, ANN, ProfileEdit.NONE.withCustomPrompt(Optional.of("alice's")), T0);
        store.advanceChatCursor(ALICE, ANN, Optional.empty(), "chat-1", T0);

        assertThat(store.find(BOB, ANN)).isEmpty();
        assertThat(store.users(BOB)).isEmpty();
        assertThat(store.advanceChatCursor(BOB, ANN, Optional.of("chat-1"), "chat-2", T0)).isFalse();
        assertThat(store.find(ALICE, ANN).orElseThrow().lastIndexedChatId()).contains("chat-1");
        assertThat(store.users(ALICE)).containsExactly(ANN);
    }

    @Test
    void profiles_pages_over_every_row_in_tenant_then_user_order() {
        store.edit(BOB, ANN, ProfileEdit.NONE, T0);
        store.edit(ALICE, UserId.DEFAULT, ProfileEdit.NONE, T0);
        store.edit(ALICE, ANN, ProfileEdit.NONE, T0);

        List<ProfileRef> first = store.profiles(Optional.empty(), 2);
        List<ProfileRef> rest = store.profiles(Optional.of(first.get(1)), 2);

        assertThat(first).containsExactly(new ProfileRef(ALICE, ANN), new ProfileRef(ALICE, UserId.DEFAULT));
        assertThat(rest).containsExactly(new ProfileRef(BOB, ANN));
    }
}
