package dev.strata.application.learning;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.learning.CaseOutcome;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.learning.TradeId;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static dev.strata.application.learning.LearningHarness.ALICE;
import static dev.strata.application.learning.LearningHarness.BOB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TradeServiceTest {

    private final LearningHarness h = new LearningHarness();

    private static RecordTrade trade(Tenant tenant, String asset, String assetClass, String size, List<Long> ids,
                                     Optional<String> hint) {
        return new RecordTrade(tenant, asset, assetClass, "long", new BigDecimal(size), new BigDecimal("3200"),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), ids, hint, Optional.empty());
    }

    private List<Memory> memories(Tenant tenant) {
        return h.memories.list(tenant, Optional.empty(), Optional.of(500));
    }

    private void refused(Runnable r, String field) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo(field));
    }

    @Test
    void a_closed_trade_with_attribution_scores_the_case_and_writes_the_trade_outcome_memory() {
        Methodology m = h.methodology(ALICE, "Buy the dip");

        TradeService.Recording r = h.trades.record(new RecordTrade(ALICE, "ETH", "crypto_major", "long",
                BigDecimal.ONE, new BigDecimal("3200"), Optional.empty(), Optional.of(new BigDecimal("3450")),
                Optional.empty(), Optional.empty(), List.of(m.id().value()), Optional.of("hint-9"), Optional.empty()));

        assertThat(r.decision().orElseThrow().outcome()).isEqualTo(CaseOutcome.WIN);
        assertThat(h.reload(m).successes()).isEqualTo(1);
        Memory outcome = memories(ALICE).getFirst();
        assertThat(outcome.content()).isEqualTo("long ETH from $3200, closed at $3450, +7.8%");
        assertThat(outcome.category()).isEqualTo(Category.TRADE_OUTCOME);
        assertThat(outcome.source()).isEqualTo(Source.AGENT_RECORDED);
        assertThat(r.trade().outcomeMemory()).contains(outcome.id());
        assertThat(h.trades.getTrade(ALICE, r.trade().id()).outcomeMemory()).contains(outcome.id());
        assertThat(h.seen).hasAtLeastOneElementOfType(LearningEvent.TradeRecorded.class);
        assertThat(h.actions(ALICE)).contains("trade.record", "case.record", "methodology.score");
    }

    @Test
    void the_trade_outcome_memory_happened_when_the_trade_closed_not_when_it_was_recorded() {
        Methodology m = h.methodology(ALICE, "Buy the dip");
        java.time.Instant opened = h.clock.instant().minus(Duration.ofDays(30));
        java.time.Instant closed = h.clock.instant().minus(Duration.ofDays(20));

        h.trades.record(new RecordTrade(ALICE, "ETH", "crypto_major", "long", BigDecimal.ONE, new BigDecimal("3200"),
                Optional.of(opened), Optional.of(new BigDecimal("3450")), Optional.empty(), Optional.of(closed),
                List.of(m.id().value()), Optional.of("hint-1"), Optional.empty()));

        Memory outcome = memories(ALICE).getFirst();
        assertThat(outcome.occurredAt()).isEqualTo(closed);
        assertThat(outcome.createdAt()).isEqualTo(h.clock.instant());
    }

    @Test
    void an_outcome_closes_the_trade_and_a_replay_changes_nothing() {
        Methodology m = h.methodology(ALICE, "Buy the dip");
        Trade open = h.openTrade(ALICE, m.id()).trade();
        assertThat(memories(ALICE)).isEmpty();

        TradeService.OutcomeRecording first = h.trades.recordOutcome(new RecordOutcome(ALICE, open.id(),
                new BigDecimal("41000"), Optional.empty(), Optional.empty()));
        int auditRows = h.audit.recent(ALICE, 1000).size();
        int events = h.seen.size();
        h.clock.advance(Duration.ofMinutes(5));
        TradeService.OutcomeRecording replay = h.trades.recordOutcome(new RecordOutcome(ALICE, open.id(),
                new BigDecimal("41000"), Optional.empty(), Optional.empty()));

        assertThat(first.replayed()).isFalse();
        assertThat(first.changes()).hasSize(1);
        assertThat(replay.replayed()).isTrue();
        assertThat(replay.changes()).isEmpty();
        assertThat(h.reload(m).successes()).isEqualTo(1);
        assertThat(h.reload(m).uses()).isEqualTo(1);
        assertThat(h.audit.recent(ALICE, 1000)).hasSize(auditRows);
        assertThat(h.seen).hasSize(events);
        assertThat(memories(ALICE)).hasSize(1);
        assertThat(h.seen).hasAtLeastOneElementOfType(LearningEvent.TradeOutcomeUpdated.class);
    }

    @Test
    void a_correction_moves_the_counts_exactly_once_and_rewrites_the_loops_own_memory() {
        Methodology m = h.methodology(ALICE, "Buy the dip");
        Trade t = h.closedTrade(ALICE, true, m.id()).trade();
        Memory before = memories(ALICE).getFirst();

        TradeService.OutcomeRecording corrected = h.trades.recordOutcome(new RecordOutcome(ALICE, t.id(),
                new BigDecimal("39000"), Optional.empty(), Optional.empty()));
        h.trades.recordOutcome(new RecordOutcome(ALICE, t.id(), new BigDecimal("39000"), Optional.empty(),
                Optional.empty()));

        assertThat(corrected.replayed()).isFalse();
        assertThat(corrected.cases()).singleElement()
                .satisfies(c -> assertThat(c.outcome()).isEqualTo(CaseOutcome.LOSS));
        assertThat(h.reload(m).successes()).isZero();
        assertThat(h.reload(m).uses()).isEqualTo(1);
        assertThat(memories(ALICE)).singleElement().satisfies(mem -> {
            assertThat(mem.id()).isEqualTo(before.id());
            assertThat(mem.content()).isEqualTo("long BTC from $40000, closed at $39000, -2.5%");
        });
    }

    @Test
    void a_given_pnl_decides_the_outcome_so_fees_can_turn_a_price_win_into_a_loss() {
        Methodology m = h.methodology(ALICE, "Buy the dip");
        Trade open = h.openTrade(ALICE, m.id()).trade();

        h.trades.recordOutcome(new RecordOutcome(ALICE, open.id(), new BigDecimal("40010"),
                Optional.of(new BigDecimal("-3.5")), Optional.empty()));

        assertThat(h.reload(m).successes()).isZero();
        assertThat(h.reload(m).uses()).isEqualTo(1);
        assertThat(h.trades.getTrade(ALICE, open.id()).close().orElseThrow().pnl()).isEqualByComparingTo("-3.5");
    }

    @Test
    void bad_input_names_the_field_and_leaves_data_unchanged() {
        Methodology m = h.methodology(ALICE, "Buy the dip");
        Methodology bobs = h.methodology(BOB, "Bob's");
        List<Long> ids = List.of(m.id().value());

        refused(() -> h.trades.record(trade(ALICE, "ETH", "crypto", "1", ids, Optional.of("h"))), "asset_class");
        refused(() -> h.trades.record(trade(ALICE, "ETH", "crypto_major", "-1", ids, Optional.of("h"))), "size");
        refused(() -> h.trades.record(trade(ALICE, "ETH", "stocks", "1", ids, Optional.of("h"))), "asset_class");
        refused(() -> h.trades.record(trade(ALICE, "ETH USD", "crypto_major", "1", ids, Optional.of("h"))), "asset");
        refused(() -> h.trades.record(trade(ALICE, "ETH", "crypto_major", "1", ids, Optional.empty())), "hint_hash");
        refused(() -> h.trades.record(trade(ALICE, "ETH", "crypto_major", "1", List.of(0L), Optional.of("h"))),
                "methodology_ids[0]");
        refused(() -> h.trades.record(new RecordTrade(ALICE, "ETH", "crypto_major", "sideways", BigDecimal.ONE,
                BigDecimal.TEN, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of(),
                Optional.empty(), Optional.empty())), "side");
        refused(() -> h.trades.record(new RecordTrade(ALICE, "ETH", "crypto_major", "long", BigDecimal.ONE,
                BigDecimal.TEN, Optional.empty(), Optional.empty(), Optional.of(BigDecimal.ONE), Optional.empty(),
                List.of(), Optional.empty(), Optional.empty())), "exit_price");
        refused(() -> h.trades.record(trade(ALICE, "ETH", "crypto_major", "1", List.of(m.id().value(), 999L),
                Optional.of("h"))), "methodology_ids[1]");
        refused(() -> h.trades.record(trade(ALICE, "ETH", "crypto_major", "1", List.of(bobs.id().value()),
                Optional.of("h"))), "methodology_ids[0]");

        assertThat(h.trades.listTrades(ALICE, Optional.empty(), Optional.empty())).isEmpty();
        assertThat(h.trades.listCases(ALICE, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty()))
                .isEmpty();
        assertThat(h.reload(m)).isEqualTo(m);
        assertThat(memories(ALICE)).isEmpty();
    }

    @Test
    void an_outcome_for_a_missing_or_foreign_trade_or_with_a_bad_price_is_refused() {
        Methodology m = h.methodology(ALICE, "Buy the dip");
        Trade open = h.openTrade(ALICE, m.id()).trade();

        assertThatThrownBy(() -> h.trades.recordOutcome(new RecordOutcome(BOB, open.id(), BigDecimal.TEN,
                Optional.empty(), Optional.empty()))).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> h.trades.recordOutcome(new RecordOutcome(ALICE, TradeId.of(999), BigDecimal.TEN,
                Optional.empty(), Optional.empty()))).isInstanceOf(NotFoundException.class);
        refused(() -> h.trades.recordOutcome(new RecordOutcome(ALICE, open.id(), new BigDecimal("-1"), Optional.empty(),
                Optional.empty())), "exit_price");
        refused(() -> h.trades.recordOutcome(new RecordOutcome(ALICE, open.id(), BigDecimal.TEN, Optional.empty(),
                Optional.of(Instant.parse("2020-01-01T00:00:00Z")))), "closed_at");
        assertThat(h.trades.getTrade(ALICE, open.id()).closed()).isFalse();
        assertThat(h.reload(m).uses()).isZero();
    }

    @Test
    void a_case_needs_methodology_ids_and_an_existing_trade_of_the_tenant() {
        Methodology m = h.methodology(ALICE, "Buy the dip");
        Trade plain = h.openTrade(ALICE).trade();

        refused(() -> h.trades.recordCase(ALICE, plain.id(), List.of(), Optional.empty(), Optional.empty()),
                "methodology_ids");
        refused(() -> h.trades.recordCase(BOB, plain.id(), List.of(m.id().value()), Optional.of("h"),
                Optional.empty()), "trade_id");
        refused(() -> h.trades.recordCase(ALICE, plain.id(), List.of(m.id().value(), 77L), Optional.of("h"),
                Optional.empty()), "methodology_ids[1]");
        assertThat(h.trades.listCases(ALICE, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty()))
                .isEmpty();

        TradeService.Recording r = h.trades.recordCase(ALICE, plain.id(), List.of(m.id().value()), Optional.of("h"),
                Optional.of("added later"));
        assertThat(r.decision().orElseThrow().decision()).isEqualTo("added later");
        assertThat(h.trades.getCase(ALICE, r.decision().orElseThrow().id()).trade()).isEqualTo(plain.id());
        assertThat(h.trades.listCases(ALICE, Optional.of(plain.id().toString()), Optional.of(m.id().toString()),
                Optional.of("pending"), Optional.empty())).hasSize(1);
    }

    @Test
    void trades_are_listed_by_any_spelling_of_the_asset_and_cases_by_filter() {
        Methodology m = h.methodology(ALICE, "Buy the dip");
        h.closedTrade(ALICE, true, m.id());
        h.trades.record(new RecordTrade(ALICE, "EUR/USD", "forex", "short", new BigDecimal("1000"),
                new BigDecimal("1.08"), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                List.of(), Optional.empty(), Optional.empty()));

        assertThat(h.trades.listTrades(ALICE, Optional.of("$btc"), Optional.empty())).hasSize(1);
        assertThat(h.trades.listTrades(ALICE, Optional.of("eurusd"), Optional.empty())).singleElement()
                .satisfies(t -> assertThat(t.asset().key()).isEqualTo("EURUSD"));
        assertThat(h.trades.listCases(ALICE, Optional.empty(), Optional.empty(), Optional.of("win"), Optional.empty()))
                .hasSize(1);
        refused(() -> h.trades.listCases(ALICE, Optional.empty(), Optional.empty(), Optional.of("draw"),
                Optional.empty()), "outcome");
        refused(() -> h.trades.listCases(ALICE, Optional.empty(), Optional.of("x"), Optional.empty(), Optional.empty()),
                "methodology_id");
        assertThat(h.trades.listTrades(BOB, Optional.empty(), Optional.empty())).isEmpty();
    }
}
