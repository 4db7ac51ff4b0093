package dev.strata.domain.learning;

import dev.strata.domain.graph.EntityKind;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.graph.FinanceEntityExtractor;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * spec 01's compiled page (the {@code memory_compiled_page} tool): everything the loop currently
 * holds about one asset as markdown. It is a pure function of its inputs and renders the same
 * bytes for the same state whatever order the inputs come in, so repeated calls are prefix-cache
 * friendly. What appears:
 * <ul>
 *   <li><b>Compiled truth</b>: graduated methodologies (not quarantined, confidence at or above the
 *       graduation bar) whose asset class covers the asset's class and whose text names the asset or
 *       names no asset at all (a class-wide method), highest confidence first; then active hard
 *       constraints whose text names the asset, unless suppressed. An asset without a class shows
 *       no methodology: entries that fail classification never appear.</li>
 *   <li><b>Timeline</b>: the asset's most recent trades and its roles' most recent reflected decisions
 *       (spec 05), each kind bounded by the timeline size, merged newest first: a trade by when it opened,
 *       a decision by when it was reflected (a trade before a decision at the same instant).</li>
 * </ul>
 * In shadow mode the compiled truth stays empty: the loop computes but surfaces nothing.
 */
public final class CompiledPage {

    /** Longest methodology body shown on a page; the full text is one GET away. */
    static final int MAX_BODY_CHARS = 500;
    private static final Pattern LINE_BREAKS = Pattern.compile("[\\r\\n\\u2028\\u2029]+");
    private static final FinanceEntityExtractor ENTITIES = new FinanceEntityExtractor();

    private CompiledPage() {
    }

    /** What to leave out. */
    public record Options(boolean includeHardConstraints, boolean shadow, int timelineSize) {
        public Options {
            if (timelineSize < 0) {
                throw new IllegalArgumentException("timelineSize must not be negative");
            }
        }
    }

    /** The inputs: candidates may include anything; selection happens here. */
    public record Input(AssetSymbol entity, Optional<AssetClass> assetClass, List<Methodology> methodologies,
                        List<LearnedPreference> preferences, List<Trade> trades, List<ReflectedDecision> decisions) {
        public Input {
            Objects.requireNonNull(entity, "entity");
            Objects.requireNonNull(assetClass, "assetClass");
            methodologies = List.copyOf(methodologies);
            preferences = List.copyOf(preferences);
            trades = List.copyOf(trades);
            decisions = List.copyOf(decisions);
        }

        /** A page without role decisions. */
        public Input(AssetSymbol entity, Optional<AssetClass> assetClass, List<Methodology> methodologies,
                     List<LearnedPreference> preferences, List<Trade> trades) {
            this(entity, assetClass, methodologies, preferences, trades, List.of());
        }
    }

    public static String render(Input in, LearningPolicy policy, Options options) {
        StringBuilder out = new StringBuilder(512);
        out.append("# ").append(in.entity().key()).append('\n');
        out.append("asset_class: ").append(in.assetClass().map(AssetClass::wireName).orElse("unclassified"))
                .append("\n\n## Compiled truth\n");
        if (options.shadow()) {
            out.append("- (shadow mode: nothing is surfaced)\n");
        } else {
            List<Methodology> methods = methodologies(in, policy);
            List<LearnedPreference> constraints = options.includeHardConstraints() ? hardConstraints(in) : List.of();
            for (Methodology m : methods) {
                out.append("- methodology ").append(m.id()).append(" (").append(m.assetClass().wireName())
                        .append(", confidence ").append(LearningPolicy.format(m.confidence())).append(", ")
                        .append(m.successes()).append(" of ").append(m.uses()).append(" won): ")
                        .append(oneLine(m.title())).append(" — ").append(oneLine(shorten(m.body()))).append('\n');
            }
            for (LearnedPreference p : constraints) {
                out.append("- hard constraint (preference ").append(p.id()).append(", ").append(p.dimension().wireName())
                        .append("): ").append(oneLine(p.content())).append('\n');
            }
            if (methods.isEmpty() && constraints.isEmpty()) {
                out.append("- (none)\n");
            }
        }
        out.append("\n## Timeline\n");
        List<Trade> trades = trades(in, options.timelineSize());
        List<ReflectedDecision> decisions = decisions(in, options.timelineSize());
        int t = 0;
        int d = 0;
        while (t < trades.size() || d < decisions.size()) {
            boolean tradeNext = d == decisions.size()
                    || (t < trades.size() && !trades.get(t).openedAt().isBefore(decisions.get(d).reflectedAt()));
            if (tradeNext) {
                trade(out, trades.get(t++));
            } else {
                decision(out, decisions.get(d++));
            }
        }
        if (trades.isEmpty() && decisions.isEmpty()) {
            out.append("- (none)\n");
        }
        return out.toString();
    }

    private static void trade(StringBuilder out, Trade t) {
        out.append("- ").append(t.openedAt()).append(" trade ").append(t.id()).append(": ")
                .append(t.side().wireName()).append(' ').append(Money.text(t.size())).append(' ')
                .append(t.asset().key()).append(" from ").append(Money.text(t.entryPrice()));
        t.close().ifPresentOrElse(c -> out.append(", closed at ").append(Money.text(c.exitPrice()))
                        .append(" on ").append(c.closedAt()).append(", P&L ").append(Money.text(c.pnl()))
                        .append(" (").append(c.outcome().wireName()).append(')'),
                () -> out.append(", open"));
        out.append('\n');
    }

    /** {@code - <reflected_at> decision <id> (<role>, <classification>): <decision>; outcome: ...; lesson: ...}. */
    private static void decision(StringBuilder out, ReflectedDecision d) {
        out.append("- ").append(d.reflectedAt()).append(" decision ").append(d.entryId()).append(" (")
                .append(oneLine(d.role())).append(", ").append(oneLine(d.classification())).append("): ")
                .append(oneLine(shorten(d.decision())));
        d.outcome().ifPresent(o -> out.append("; outcome: ").append(oneLine(shorten(o))));
        d.lesson().ifPresentOrElse(l -> out.append("; lesson: ").append(oneLine(shorten(l))),
                () -> out.append("; ").append(oneLine(shorten(d.narrative()))));
        out.append('\n');
    }

    static List<ReflectedDecision> decisions(Input in, int limit) {
        return in.decisions().stream()
                .sorted(Comparator.comparing(ReflectedDecision::reflectedAt, Comparator.<Instant>reverseOrder())
                        .thenComparing(d -> -d.entryId()))
                .distinct()
                .limit(limit)
                .toList();
    }

    static List<Methodology> methodologies(Input in, LearningPolicy policy) {
        if (in.assetClass().isEmpty()) {
            return List.of();
        }
        AssetClass assetClass = in.assetClass().get();
        return in.methodologies().stream()
                .filter(m -> m.graduated() && m.confidence() >= policy.graduationConfidence())
                .filter(m -> m.assetClass().covers(assetClass))
                .filter(m -> {
                    List<String> named = assetsNamed(m.title() + "\n" + m.body());
                    return named.isEmpty() || named.contains(in.entity().key());
                })
                .sorted(Comparator.comparingDouble(Methodology::confidence).reversed()
                        .thenComparing(m -> m.id().value()))
                .distinct()
                .toList();
    }

    static List<LearnedPreference> hardConstraints(Input in) {
        return in.preferences().stream()
                .filter(p -> p.state() == PreferenceState.ACTIVE && p.hardConstraint())
                .filter(p -> assetsNamed(p.content()).contains(in.entity().key()))
                .sorted(Comparator.comparing(p -> p.id().value()))
                .distinct()
                .toList();
    }

    static List<Trade> trades(Input in, int limit) {
        return in.trades().stream()
                .filter(t -> t.asset().equals(in.entity()))
                .filter(t -> in.assetClass().map(c -> t.assetClass().covers(c)).orElse(true))
                .sorted(Comparator.comparing(Trade::openedAt, Comparator.<Instant>reverseOrder())
                        .thenComparing(t -> -t.id().value()))
                .distinct()
                .limit(limit)
                .toList();
    }

    /** The asset keys a text names (tickers, forex pairs and the members of ticker pairs). */
    static List<String> assetsNamed(String text) {
        return ENTITIES.extract(text).stream()
                .filter(e -> e.kind() == EntityKind.TICKER || e.kind() == EntityKind.FOREX_PAIR
                        || e.kind() == EntityKind.TICKER_PAIR)
                .flatMap(e -> e.members().stream())
                .map(FinanceEntity::key)
                .distinct()
                .toList();
    }

    private static String shorten(String body) {
        return body.length() <= MAX_BODY_CHARS ? body : body.substring(0, MAX_BODY_CHARS).strip() + "…";
    }

    private static String oneLine(String text) {
        return LINE_BREAKS.matcher(text).replaceAll(" ").strip();
    }
}
