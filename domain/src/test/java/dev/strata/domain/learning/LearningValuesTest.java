package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static dev.strata.domain.learning.LearningFixtures.ALICE;
import static dev.strata.domain.learning.LearningFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The records' invariants: bad input names its field. */
class LearningValuesTest {

    private static void refused(Runnable r, String field) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo(field));
    }

    @Test
    void an_unknown_asset_class_is_refused_naming_the_field_and_the_vocabulary() {
        assertThat(AssetClass.parse("asset_class", " Crypto_Major ")).isEqualTo(AssetClass.CRYPTO_MAJOR);
        assertThatThrownBy(() -> AssetClass.parse("methodologies[2].asset_class", "crypto"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("methodologies[2].asset_class");
                    assertThat(e.reason()).contains("crypto_major", "pre_ipo");
                });
        refused(() -> AssetClass.parse("asset_class", null), "asset_class");
    }

    @Test
    void every_vocabulary_parses_its_wire_names_and_refuses_others() {
        for (PreferenceDimension d : PreferenceDimension.values()) {
            assertThat(PreferenceDimension.parse("dimension", d.wireName())).isEqualTo(d);
        }
        refused(() -> PreferenceDimension.parse("dimension", "mood"), "dimension");
        refused(() -> PreferenceKind.parse("kind", "soft"), "kind");
        refused(() -> PreferenceState.parse("state", "pending"), "state");
        refused(() -> TradeSide.parse("side", "buy"), "side");
        refused(() -> Provenance.parse("provenance", "magic"), "provenance");
        assertThat(PreferenceKind.parse("kind", "hard_constraint")).isEqualTo(PreferenceKind.HARD_CONSTRAINT);
    }

    @Test
    void asset_symbols_normalise_every_spelling_and_keep_forex_pairs_whole() {
        assertThat(AssetSymbol.parse("asset", "$btc").key()).isEqualTo("BTC");
        assertThat(AssetSymbol.parse("asset", "BTC/USDT").key()).isEqualTo("BTC");
        assertThat(AssetSymbol.parse("asset", "btc-perp").key()).isEqualTo("BTC");
        assertThat(AssetSymbol.parse("asset", "EUR/USD")).isEqualTo(new AssetSymbol("EURUSD", true));
        assertThat(AssetSymbol.parse("asset", "eurusd")).isEqualTo(new AssetSymbol("EURUSD", true));
        assertThat(AssetSymbol.parse("asset", "XAU/USD").key()).isEqualTo("XAUUSD");
        refused(() -> AssetSymbol.parse("asset", "BTC USD"), "asset");
        refused(() -> AssetSymbol.parse("entity", "; DROP TABLE"), "entity");
        refused(() -> AssetSymbol.parse("asset", " "), "asset");
    }

    @Test
    void the_classifier_knows_the_documented_table_and_nothing_else() {
        assertThat(AssetClassifier.classify(AssetSymbol.parse("a", "BTC"))).contains(AssetClass.CRYPTO_MAJOR);
        assertThat(AssetClassifier.classify(AssetSymbol.parse("a", "PEPE"))).contains(AssetClass.CRYPTO_MEME);
        assertThat(AssetClassifier.classify(AssetSymbol.parse("a", "SOL"))).contains(AssetClass.CRYPTO_ALT);
        assertThat(AssetClassifier.classify(AssetSymbol.parse("a", "USDC"))).contains(AssetClass.STABLECOIN);
        assertThat(AssetClassifier.classify(AssetSymbol.parse("a", "NVDA"))).contains(AssetClass.STOCKS);
        assertThat(AssetClassifier.classify(AssetSymbol.parse("a", "EUR/USD"))).contains(AssetClass.FOREX);
        assertThat(AssetClassifier.classify(AssetSymbol.parse("a", "XAU/USD"))).contains(AssetClass.COMMODITIES);
        assertThat(AssetClassifier.classify(AssetSymbol.parse("a", "SPACEX"))).contains(AssetClass.PRE_IPO);
        assertThat(AssetClassifier.classify(AssetSymbol.parse("a", "ZZZQ"))).isEmpty();
        assertThat(AssetClass.PERPS.covers(AssetClass.CRYPTO_MAJOR)).isTrue();
        assertThat(AssetClass.PERPS.covers(AssetClass.STOCKS)).isFalse();
        assertThat(AssetClass.STOCKS.covers(AssetClass.CRYPTO_MAJOR)).isFalse();
    }

    @Test
    void a_trade_needs_a_positive_size_and_prices_and_a_fitting_asset_class() {
        AssetSymbol btc = AssetSymbol.parse("asset", "BTC");
        refused(() -> new NewTrade(ALICE, btc, AssetClass.CRYPTO_MAJOR, TradeSide.LONG, new BigDecimal("-1"),
                BigDecimal.TEN, T0, Optional.empty()), "size");
        refused(() -> new NewTrade(ALICE, btc, AssetClass.CRYPTO_MAJOR, TradeSide.LONG, BigDecimal.ZERO,
                BigDecimal.TEN, T0, Optional.empty()), "size");
        refused(() -> new NewTrade(ALICE, btc, AssetClass.CRYPTO_MAJOR, TradeSide.LONG, BigDecimal.ONE,
                new BigDecimal("-5"), T0, Optional.empty()), "entry_price");
        refused(() -> new NewTrade(ALICE, btc, AssetClass.STOCKS, TradeSide.LONG, BigDecimal.ONE, BigDecimal.TEN, T0,
                Optional.empty()), "asset_class");
        refused(() -> new NewTrade(ALICE, btc, AssetClass.CRYPTO_MAJOR, TradeSide.LONG, BigDecimal.ONE, BigDecimal.TEN,
                T0, Optional.of(new TradeClose(BigDecimal.TEN, BigDecimal.ZERO, T0.minusSeconds(1)))), "closed_at");
        refused(() -> new NewTrade(ALICE, btc, AssetClass.CRYPTO_MAJOR, TradeSide.LONG,
                new BigDecimal("1" + "0".repeat(40)), BigDecimal.TEN, T0, Optional.empty()), "size");
        assertThat(new NewTrade(ALICE, btc, AssetClass.PERPS, TradeSide.SHORT, BigDecimal.ONE, BigDecimal.TEN, T0,
                Optional.empty()).assetClass()).isEqualTo(AssetClass.PERPS);
    }

    @Test
    void a_close_computes_pnl_by_side_unless_given_and_win_needs_a_positive_pnl() {
        TradeClose longWin = TradeClose.of(TradeSide.LONG, new BigDecimal("2"), new BigDecimal("100"),
                new BigDecimal("110"), Optional.empty(), T0);
        TradeClose shortLoss = TradeClose.of(TradeSide.SHORT, new BigDecimal("2"), new BigDecimal("100"),
                new BigDecimal("110"), Optional.empty(), T0);
        TradeClose feesAteIt = TradeClose.of(TradeSide.LONG, new BigDecimal("2"), new BigDecimal("100"),
                new BigDecimal("110"), Optional.of(new BigDecimal("-0.5")), T0);
        TradeClose flat = TradeClose.of(TradeSide.LONG, BigDecimal.ONE, BigDecimal.TEN, BigDecimal.TEN,
                Optional.empty(), T0);

        assertThat(longWin.pnl()).isEqualByComparingTo("20");
        assertThat(longWin.outcome()).isEqualTo(CaseOutcome.WIN);
        assertThat(shortLoss.pnl()).isEqualByComparingTo("-20");
        assertThat(shortLoss.outcome()).isEqualTo(CaseOutcome.LOSS);
        assertThat(feesAteIt.outcome()).isEqualTo(CaseOutcome.LOSS);
        assertThat(flat.outcome()).as("break-even is a loss").isEqualTo(CaseOutcome.LOSS);
        refused(() -> TradeClose.of(TradeSide.LONG, BigDecimal.ONE, BigDecimal.TEN, BigDecimal.ZERO, Optional.empty(),
                T0), "exit_price");
    }

    @Test
    void a_closed_trade_reads_as_the_snapshots_trade_outcome_line() {
        Trade eth = new Trade(TradeId.of(1), ALICE, AssetSymbol.parse("asset", "ETH"), AssetClass.CRYPTO_MAJOR,
                TradeSide.LONG, BigDecimal.ONE, new BigDecimal("3200"), T0, Optional.of(new TradeClose(
                new BigDecimal("3450"), new BigDecimal("250"), T0.plusSeconds(60))), Optional.empty());
        Trade shortEth = new Trade(TradeId.of(2), ALICE, AssetSymbol.parse("asset", "ETH"), AssetClass.CRYPTO_MAJOR,
                TradeSide.SHORT, BigDecimal.ONE, new BigDecimal("3200"), T0, Optional.empty(), Optional.empty());

        assertThat(eth.outcomeLine()).contains("long ETH from $3200, closed at $3450, +7.8%");
        assertThat(shortEth.outcomeLine()).isEmpty();
        assertThat(shortEth.withClose(new TradeClose(new BigDecimal("3450"), new BigDecimal("-250"), T0)).outcomeLine())
                .contains("short ETH from $3200, closed at $3450, -7.8%");
    }

    @Test
    void instants_keep_milliseconds_so_a_replayed_close_is_equal() {
        Instant precise = Instant.parse("2026-01-01T10:00:00.123456789Z");
        assertThat(new TradeClose(BigDecimal.ONE, BigDecimal.ONE, precise))
                .isEqualTo(new TradeClose(new BigDecimal("1.000"), BigDecimal.ONE, Instant.parse("2026-01-01T10:00:00.123Z")));
    }

    @Test
    void a_case_names_at_least_one_distinct_methodology_and_a_well_formed_hint_hash() {
        refused(() -> new CaseDraft(List.of(), "h", ""), "methodology_ids");
        refused(() -> new CaseDraft(null, "h", ""), "methodology_ids");
        refused(() -> new CaseDraft(List.of(MethodologyId.of(1), MethodologyId.of(1)), "h", ""), "methodology_ids");
        refused(() -> new CaseDraft(List.of(MethodologyId.of(1)), "has space", ""), "hint_hash");
        refused(() -> new CaseDraft(List.of(MethodologyId.of(1)), "", ""), "hint_hash");
        refused(() -> MethodologyId.parse("methodology_ids[0]", "0"), "methodology_ids[0]");
        refused(() -> TradeId.parse("id", "abc"), "id");
        assertThat(new CaseDraft(List.of(MethodologyId.of(1)), "sha256:ab12", null).decision()).isEmpty();
    }

    @Test
    void methodology_and_preference_text_is_required_bounded_and_one_line_where_shown_inline() {
        refused(() -> new NewMethodology(ALICE, AssetClass.CRYPTO_MAJOR, " ", "body", Provenance.MANUAL), "title");
        refused(() -> new NewMethodology(ALICE, AssetClass.CRYPTO_MAJOR, "a\nb", "body", Provenance.MANUAL), "title");
        refused(() -> new NewMethodology(ALICE, AssetClass.CRYPTO_MAJOR, "t", "x".repeat(8_001), Provenance.MANUAL),
                "body");
        refused(() -> new NewPreference(ALICE, PreferenceDimension.RISK, "", PreferenceKind.NORMAL, 1,
                PreferenceSource.USER), "content");
        refused(() -> new NewPreference(ALICE, PreferenceDimension.RISK, "ok", PreferenceKind.NORMAL, 0,
                PreferenceSource.USER), "evidence");
        refused(() -> new NewLearning(ALICE, "task", " ", ""), "steps");
    }

    @Test
    void a_preference_moves_only_along_its_state_machine() {
        LearnedPreference p = new LearnedPreference(PreferenceId.of(1), ALICE, PreferenceDimension.LEVERAGE, "2x max",
                PreferenceKind.HARD_CONSTRAINT, PreferenceState.PROPOSED, 3, PreferenceSource.MINED, Optional.empty(),
                T0, T0);

        assertThat(p.after(PreferenceAction.APPROVE, T0).state()).isEqualTo(PreferenceState.ACTIVE);
        assertThat(p.after(PreferenceAction.REJECT, T0).state()).isEqualTo(PreferenceState.REJECTED);
        assertThatThrownBy(() -> p.after(PreferenceAction.DEACTIVATE, T0))
                .isInstanceOf(dev.strata.domain.error.ConflictException.class);
        assertThat(p.memoryContent()).isEqualTo("[hard_constraint] 2x max");
        for (PreferenceAction a : PreferenceAction.values()) {
            assertThat(a.to() == PreferenceState.ACTIVE).as(a.name()).isEqualTo(a == PreferenceAction.APPROVE);
        }
    }

    @Test
    void scoring_moves_counts_by_the_outcome_difference_and_never_lowers_quarantine() {
        Methodology m = new Methodology(MethodologyId.of(1), ALICE, AssetClass.CRYPTO_MAJOR, "t", "b", 0, 0, 0.5, false,
                Provenance.MANUAL, T0, T0);
        LearningPolicy demoteFast = LearningPolicy.DEFAULTS.withDemotionBar(0.40, 1);

        Methodology win = m.scored(CaseOutcome.PENDING, CaseOutcome.WIN, LearningPolicy.DEFAULTS, T0);
        Methodology corrected = win.scored(CaseOutcome.WIN, CaseOutcome.LOSS, demoteFast, T0);
        Methodology back = corrected.scored(CaseOutcome.LOSS, CaseOutcome.WIN, demoteFast, T0);

        assertThat(win.successes()).isEqualTo(1);
        assertThat(win.uses()).isEqualTo(1);
        assertThat(corrected.successes()).isZero();
        assertThat(corrected.uses()).isEqualTo(1);
        assertThat(corrected.quarantined()).isTrue();
        assertThat(back.successes()).isEqualTo(1);
        assertThat(back.quarantined()).as("demotion only ever raises quarantine").isTrue();
        assertThat(m.scored(CaseOutcome.WIN, CaseOutcome.WIN, LearningPolicy.DEFAULTS, T0).uses()).isZero();
    }
}
