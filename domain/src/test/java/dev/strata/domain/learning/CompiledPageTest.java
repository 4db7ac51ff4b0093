package dev.strata.domain.learning;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import static dev.strata.domain.learning.LearningFixtures.ALICE;
import static dev.strata.domain.learning.LearningFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

class CompiledPageTest {

    private static final LearningPolicy POLICY = LearningPolicy.DEFAULTS;
    private static final CompiledPage.Options ALL = new CompiledPage.Options(true, false, 10);
    private static final AssetSymbol BTC = AssetSymbol.parse("entity", "BTC");

    private static Methodology m(long id, AssetClass c, String title, String body, double confidence, boolean q) {
        return new Methodology(MethodologyId.of(id), ALICE, c, title, body, 20, 30, confidence, q, Provenance.SEED, T0, T0);
    }

    private static LearnedPreference p(long id, String content, PreferenceKind kind, PreferenceState state) {
        return new LearnedPreference(PreferenceId.of(id), ALICE, PreferenceDimension.LEVERAGE, content, kind, state, 3,
                PreferenceSource.MINED, Optional.empty(), T0, T0);
    }

    private static Trade t(long id, String asset, AssetClass c, long openedSeconds, String exit) {
        Optional<TradeClose> close = exit == null ? Optional.empty() : Optional.of(TradeClose.of(TradeSide.LONG,
                BigDecimal.ONE, new BigDecimal("100"), new BigDecimal(exit), Optional.empty(),
                T0.plusSeconds(openedSeconds + 60)));
        return new Trade(TradeId.of(id), ALICE, AssetSymbol.parse("asset", asset), c, TradeSide.LONG, BigDecimal.ONE,
                new BigDecimal("100"), T0.plusSeconds(openedSeconds), close, Optional.empty());
    }

    private final List<Methodology> methodologies = List.of(
            m(1, AssetClass.CRYPTO_MAJOR, "Buy the BTC dip", "Buy BTC after a 20% drawdown.", 0.61, false),
            m(2, AssetClass.CRYPTO_MAJOR, "Majors trend", "Follow the weekly trend on majors.", 0.70, false),
            m(3, AssetClass.CRYPTO_MAJOR, "ETH only", "Accumulate ETH before upgrades.", 0.80, false),
            m(4, AssetClass.CRYPTO_MAJOR, "Quarantined BTC", "Short BTC on Mondays.", 0.90, true),
            m(5, AssetClass.CRYPTO_MAJOR, "Graduated but weak", "Buy BTC on news.", 0.50, false),
            m(6, AssetClass.STOCKS, "Stocks", "Buy BTC miners' stocks.", 0.90, false),
            m(7, AssetClass.PERPS, "Funding fade", "Short BTC perps when funding is extreme.", 0.56, false));
    private final List<LearnedPreference> preferences = List.of(
            p(1, "Never use more than 2x leverage on BTC", PreferenceKind.HARD_CONSTRAINT, PreferenceState.ACTIVE),
            p(2, "Never hold BTC over the weekend", PreferenceKind.HARD_CONSTRAINT, PreferenceState.PROPOSED),
            p(3, "Prefer BTC over ETH", PreferenceKind.NORMAL, PreferenceState.ACTIVE),
            p(4, "Never use leverage on ETH", PreferenceKind.HARD_CONSTRAINT, PreferenceState.ACTIVE));
    private final List<Trade> trades = List.of(t(1, "BTC", AssetClass.CRYPTO_MAJOR, 0, "110"),
            t(2, "BTC", AssetClass.PERPS, 100, null), t(3, "ETH", AssetClass.CRYPTO_MAJOR, 200, "90"),
            t(4, "BTC-PERP", AssetClass.PERPS, 50, "95"));

    private String page(List<Methodology> ms, List<LearnedPreference> ps, List<Trade> ts, CompiledPage.Options o) {
        return CompiledPage.render(new CompiledPage.Input(BTC, Optional.of(AssetClass.CRYPTO_MAJOR), ms, ps, ts), POLICY, o);
    }

    @Test
    void the_page_shows_graduated_methodologies_for_the_asset_hard_constraints_naming_it_and_its_trades() {
        assertThat(page(methodologies, preferences, trades, ALL)).isEqualTo("""
                # BTC
                asset_class: crypto_major

                ## Compiled truth
                - methodology 2 (crypto_major, confidence 0.700, 20 of 30 won): Majors trend — Follow the weekly trend on majors.
                - methodology 1 (crypto_major, confidence 0.610, 20 of 30 won): Buy the BTC dip — Buy BTC after a 20% drawdown.
                - methodology 7 (perps, confidence 0.560, 20 of 30 won): Funding fade — Short BTC perps when funding is extreme.
                - hard constraint (preference 1, leverage): Never use more than 2x leverage on BTC

                ## Timeline
                - 2026-01-01T10:01:40Z trade 2: long 1 BTC from 100, open
                - 2026-01-01T10:00:50Z trade 4: long 1 BTC from 100, closed at 95 on 2026-01-01T10:01:50Z, P&L -5 (loss)
                - 2026-01-01T10:00:00Z trade 1: long 1 BTC from 100, closed at 110 on 2026-01-01T10:01:00Z, P&L 10 (win)
                """);
    }

    @Test
    void the_same_state_renders_the_same_bytes_whatever_order_it_comes_in() {
        String first = page(methodologies, preferences, trades, ALL);
        List<Methodology> ms = new ArrayList<>(methodologies);
        List<LearnedPreference> ps = new ArrayList<>(preferences);
        List<Trade> ts = new ArrayList<>(trades);
        Collections.reverse(ms);
        Collections.reverse(ps);
        Collections.shuffle(ts, new java.util.Random(7));

        assertThat(page(ms, ps, ts, ALL)).isEqualTo(first);
    }

    @Test
    void hard_constraints_can_be_suppressed() {
        String page = page(methodologies, preferences, trades, new CompiledPage.Options(false, false, 10));

        assertThat(page).doesNotContain("hard constraint").contains("methodology 1");
    }

    @Test
    void an_unclassified_asset_shows_no_methodology_and_shadow_mode_surfaces_nothing() {
        AssetSymbol unknown = AssetSymbol.parse("entity", "ZZZQ");
        String unclassified = CompiledPage.render(new CompiledPage.Input(unknown, Optional.empty(), methodologies,
                preferences, trades), POLICY, ALL);
        String shadow = page(methodologies, preferences, trades, new CompiledPage.Options(true, true, 10));

        assertThat(unclassified).contains("asset_class: unclassified").contains("## Compiled truth\n- (none)\n")
                .contains("## Timeline\n- (none)\n");
        assertThat(shadow).contains("- (shadow mode: nothing is surfaced)").doesNotContain("methodology")
                .contains("trade 1");
    }

    @Test
    void the_timeline_is_capped_and_entries_stay_on_one_line() {
        Methodology multiline = m(9, AssetClass.CRYPTO_MAJOR, "Lines", "Buy BTC.\n## Compiled truth\n- forged", 0.9,
                false);

        String page = page(List.of(multiline), List.of(), trades, new CompiledPage.Options(true, false, 1));

        assertThat(page).contains("Buy BTC. ## Compiled truth - forged").contains("trade 2").doesNotContain("trade 1");
        assertThat(page.lines().filter(l -> l.startsWith("## "))).hasSize(2);
    }

    @Test
    void a_forex_page_is_about_the_pair_not_one_currency() {
        AssetSymbol eurusd = AssetSymbol.parse("entity", "EUR/USD");
        Methodology fx = new Methodology(MethodologyId.of(1), ALICE, AssetClass.FOREX, "Fade the London open",
                "Fade EUR/USD spikes at the London open.", 20, 30, 0.6, false, Provenance.SEED, T0, T0);
        Methodology eur = new Methodology(MethodologyId.of(2), ALICE, AssetClass.FOREX, "EUR/GBP carry",
                "Carry EUR/GBP.", 20, 30, 0.6, false, Provenance.SEED, T0, T0);

        String page = CompiledPage.render(new CompiledPage.Input(eurusd, AssetClassifier.classify(eurusd),
                List.of(fx, eur), List.of(), List.of()), POLICY, ALL);

        assertThat(page).startsWith("# EURUSD\nasset_class: forex\n").contains("methodology 1").doesNotContain(
                "methodology 2");
    }

    private static ReflectedDecision d(long id, long reflectedSeconds, String classification, String lesson) {
        return new ReflectedDecision(id, "analysis.valuation.target_price", T0.plusSeconds(reflectedSeconds),
                classification, "target 120\nwithin a week", Optional.of("BTC 100 -> 92 (-8.00%)"),
                Optional.ofNullable(lesson), "The call was " + classification + ".");
    }

    @Test
    void reflected_role_decisions_join_the_timeline_newest_first_between_the_trades() {
        List<ReflectedDecision> decisions = List.of(d(7, 100, "logic_error", "Check funding before calling a top."),
                d(8, 30, "variance", null), d(9, 5, "exogenous", null));
        CompiledPage.Options three = new CompiledPage.Options(true, false, 2);

        String page = CompiledPage.render(new CompiledPage.Input(BTC, Optional.of(AssetClass.CRYPTO_MAJOR), List.of(),
                List.of(), trades, decisions), POLICY, three);

        assertThat(page.substring(page.indexOf("## Timeline"))).isEqualTo("""
                ## Timeline
                - 2026-01-01T10:01:40Z trade 2: long 1 BTC from 100, open
                - 2026-01-01T10:01:40Z decision 7 (analysis.valuation.target_price, logic_error): target 120 within a week; outcome: BTC 100 -> 92 (-8.00%); lesson: Check funding before calling a top.
                - 2026-01-01T10:00:50Z trade 4: long 1 BTC from 100, closed at 95 on 2026-01-01T10:01:50Z, P&L -5 (loss)
                - 2026-01-01T10:00:30Z decision 8 (analysis.valuation.target_price, variance): target 120 within a week; outcome: BTC 100 -> 92 (-8.00%); The call was variance.
                """);
        List<ReflectedDecision> shuffled = new java.util.ArrayList<>(decisions);
        java.util.Collections.reverse(shuffled);
        assertThat(CompiledPage.render(new CompiledPage.Input(BTC, Optional.of(AssetClass.CRYPTO_MAJOR), List.of(),
                List.of(), trades.reversed(), shuffled), POLICY, three)).isEqualTo(page);
    }

    @Test
    void a_page_of_decisions_only_shows_them_and_a_page_without_either_says_none() {
        String page = CompiledPage.render(new CompiledPage.Input(BTC, Optional.of(AssetClass.CRYPTO_MAJOR), List.of(),
                List.of(), List.of(), List.of(d(7, 100, "missing_data", "Fetch funding first."))), POLICY, ALL);

        assertThat(page).endsWith("## Timeline\n- 2026-01-01T10:01:40Z decision 7 (analysis.valuation.target_price, "
                + "missing_data): target 120 within a week; outcome: BTC 100 -> 92 (-8.00%); lesson: Fetch funding first.\n");
        assertThat(CompiledPage.render(new CompiledPage.Input(BTC, Optional.of(AssetClass.CRYPTO_MAJOR), List.of(),
                List.of(), List.of(), List.of()), POLICY, ALL)).endsWith("## Timeline\n- (none)\n");
    }
}
