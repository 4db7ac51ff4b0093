package dev.strata.application.learning;

import dev.strata.application.tool.ToolArguments;
import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.tool.ToolSchema;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.learning.AssetClass;
import dev.strata.domain.learning.CaseDraft;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.Learning;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyCase;
import dev.strata.domain.learning.MethodologyChange;
import dev.strata.domain.learning.MethodologyId;
import dev.strata.domain.learning.PreferenceDimension;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.learning.TradeId;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import static dev.strata.application.tool.ToolSchema.Type.BOOLEAN;
import static dev.strata.application.tool.ToolSchema.Type.INTEGER;
import static dev.strata.application.tool.ToolSchema.Type.INTEGER_LIST;
import static dev.strata.application.tool.ToolSchema.Type.NUMBER;
import static dev.strata.application.tool.ToolSchema.Type.STRING;

/**
 * The learning loop's agent tools: methodologies (create, list, get), trades and the decisions
 * behind them (record, outcome, case), preference proposals and their listing, {@code memory_learn}
 * with its listing and search, and {@code memory_compiled_page}.
 *
 * <p>Deliberately absent: approving a methodology or a preference. "Only an explicit approve
 * activates" means a person's act over REST; an agent-callable approve would let the agent
 * graduate its own methodologies or activate a hard constraint it mined itself. For the same
 * reason a proposal made here is always recorded with source {@code agent}.
 */
public final class LearningTools {

    private final MethodologyService methodologies;
    private final TradeService trades;
    private final PreferenceService preferences;
    private final LearningsService learnings;
    private final CompiledPageService pages;
    private final LearningLoopSettings settings;

    private LearningTools(MethodologyService methodologies, TradeService trades, PreferenceService preferences,
                          LearningsService learnings, CompiledPageService pages, LearningLoopSettings settings) {
        this.methodologies = Objects.requireNonNull(methodologies, "methodologies");
        this.trades = Objects.requireNonNull(trades, "trades");
        this.preferences = Objects.requireNonNull(preferences, "preferences");
        this.learnings = Objects.requireNonNull(learnings, "learnings");
        this.pages = Objects.requireNonNull(pages, "pages");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public static List<ToolDefinition> definitions(MethodologyService methodologies, TradeService trades,
                                                   PreferenceService preferences, LearningsService learnings,
                                                   CompiledPageService pages, LearningLoopSettings settings) {
        return new LearningTools(methodologies, trades, preferences, learnings, pages, settings).definitions();
    }

    private List<ToolDefinition> definitions() {
        String assetClass = "Asset class, one of " + Arrays.stream(AssetClass.values()).map(AssetClass::wireName)
                .collect(Collectors.joining(", ")) + ".";
        String dimension = "One of " + Arrays.stream(PreferenceDimension.values()).map(PreferenceDimension::wireName)
                .collect(Collectors.joining(", ")) + ".";
        String limit = "How many, 1 to " + settings.maxListLimit() + " (default " + settings.defaultListLimit() + ").";
        String methodologyIds = "Ids of the methodologies whose hints the decision followed (1 to "
                + CaseDraft.MAX_METHODOLOGIES + "); each must be one of yours.";
        String hintHash = "Hash of the hint the agent was shown, e.g. sha256:9f2c (letters, digits, ':', '_', '-').";
        String instant = "ISO-8601 instant, e.g. 2026-01-05T09:00:00Z (default now).";
        return List.of(
                new ToolDefinition("methodology_create", "Propose a trading methodology for one asset class. It "
                        + "lands quarantined at the initial confidence and is scored only by real outcomes; a person "
                        + "approves graduation. The same title and body in the same class returns the existing one.",
                        ToolSchema.builder()
                                .required("asset_class", STRING, assetClass)
                                .required("title", STRING, "Short name of the method.")
                                .required("body", STRING, "The method: when to act and how.")
                                .optional("provenance", STRING, "manual (default) or imported.")
                                .build(),
                        this::createMethodology),
                new ToolDefinition("methodology_list", "List methodologies, highest confidence first, optionally of "
                        + "one asset class and one state.",
                        ToolSchema.builder()
                                .optional("asset_class", STRING, assetClass)
                                .optional("state", STRING, "quarantined or graduated.")
                                .optional("limit", INTEGER, limit)
                                .build(),
                        (call, args) -> new Methodologies(methodologies.list(call.tenant(), args.optionalText("asset_class"),
                                args.optionalText("state"), args.optionalInt("limit")))),
                new ToolDefinition("methodology_get", "One methodology with its successes, uses, Wilson confidence "
                        + "and quarantine flag.",
                        ToolSchema.builder().required("id", INTEGER, "The methodology's id.").build(),
                        (call, args) -> methodologies.get(call.tenant(), MethodologyId.parse("id", id(args, "id")))),
                new ToolDefinition("trade_record", "Record an in-session trade, optionally already closed (then it "
                        + "is scored at once), and optionally the decision behind it: methodology_ids with the "
                        + "hint_hash attribute the outcome to those methodologies.",
                        ToolSchema.builder()
                                .required("asset", STRING, "Ticker or pair: BTC, $eth, BTC/USDT, EUR/USD.")
                                .required("asset_class", STRING, assetClass)
                                .required("side", STRING, "long or short.")
                                .required("size", NUMBER, "Position size in units of the asset, above zero.")
                                .required("entry_price", NUMBER, "Entry price, above zero.")
                                .optional("opened_at", STRING, instant)
                                .optional("exit_price", NUMBER, "Exit price when the trade is already closed.")
                                .optional("pnl", NUMBER, "Realised P&L with fees, when known (else computed from "
                                        + "the prices); zero or less counts as a loss.")
                                .optional("closed_at", STRING, instant)
                                .optional("methodology_ids", INTEGER_LIST, methodologyIds)
                                .optional("hint_hash", STRING, hintHash + " Required with methodology_ids.")
                                .optional("decision", STRING, "What the agent decided, in a sentence.")
                                .build(),
                        this::recordTrade),
                new ToolDefinition("trade_outcome", "Record (or correct) a trade's outcome. Every case of the trade "
                        + "and every attributed methodology is scored in one step; posting the same outcome again "
                        + "changes nothing, a correction moves the counts exactly once.",
                        ToolSchema.builder()
                                .required("trade_id", INTEGER, "The trade's id.")
                                .required("exit_price", NUMBER, "Exit price, above zero.")
                                .optional("pnl", NUMBER, "Realised P&L with fees (else computed from the prices).")
                                .optional("closed_at", STRING, instant)
                                .build(),
                        this::recordOutcome),
                new ToolDefinition("case_record", "Attribute a decision on an existing trade to the methodologies "
                        + "whose hints it followed; scored at once when the trade is already closed.",
                        ToolSchema.builder()
                                .required("trade_id", INTEGER, "The trade's id.")
                                .required("methodology_ids", INTEGER_LIST, methodologyIds)
                                .required("hint_hash", STRING, hintHash)
                                .optional("decision", STRING, "What the agent decided, in a sentence.")
                                .build(),
                        this::recordCase),
                new ToolDefinition("preference_propose", "Propose a learned preference of the user. It stays "
                        + "proposed until the user approves it; restating one raises its evidence.",
                        ToolSchema.builder()
                                .required("dimension", STRING, dimension)
                                .required("content", STRING, "The preference in the user's words.")
                                .optional("kind", STRING, "normal (default) or hard_constraint.")
                                .optional("evidence", INTEGER, "How many observations support it (default 1).")
                                .build(),
                        this::propose),
                new ToolDefinition("preference_list", "List learned preferences, newest first, optionally by state "
                        + "(proposed, active, rejected, archived), kind and dimension.",
                        ToolSchema.builder()
                                .optional("state", STRING, "proposed, active, rejected or archived.")
                                .optional("kind", STRING, "normal or hard_constraint.")
                                .optional("dimension", STRING, dimension)
                                .optional("limit", INTEGER, limit)
                                .build(),
                        (call, args) -> new Preferences(preferences.list(call.tenant(), args.optionalText("state"),
                                args.optionalText("kind"), args.optionalText("dimension"), args.optionalInt("limit")))),
                new ToolDefinition("memory_learn", "Record a procedure that worked: the task, the steps or tool "
                        + "sequence, and the context. Kept apart from memories and never injected; the same task "
                        + "(normalised) updates the existing learning.",
                        ToolSchema.builder()
                                .required("task", STRING, "What was achieved.")
                                .required("steps", STRING, "The steps or tool sequence that achieved it.")
                                .optional("context", STRING, "When it applies.")
                                .build(),
                        (call, args) -> {
                            var r = learnings.learn(call.tenant(), args.text("task"), args.text("steps"),
                                    args.optionalText("context"));
                            return new Learned(r.learning(), r.inserted());
                        }),
                new ToolDefinition("learning_list", "List recorded learnings, most recently used first.",
                        ToolSchema.builder().optional("limit", INTEGER, limit).build(),
                        (call, args) -> new Learnings(learnings.list(call.tenant(), args.optionalInt("limit")))),
                new ToolDefinition("learning_search", "Search recorded learnings by their words (task, steps, "
                        + "context), best match first.",
                        ToolSchema.builder()
                                .required("query", STRING, "Words to look for.")
                                .optional("limit", INTEGER, limit)
                                .build(),
                        (call, args) -> new Learnings(learnings.search(call.tenant(), args.text("query"),
                                args.optionalInt("limit")))),
                new ToolDefinition("memory_compiled_page", "The compiled page of one asset: graduated methodologies "
                        + "for its class and active hard constraints naming it (compiled truth), then its latest "
                        + "trades (timeline), as markdown.",
                        ToolSchema.builder()
                                .required("entity", STRING, "Ticker or pair: BTC, ETH, EUR/USD.")
                                .optional("include_hard_constraints", BOOLEAN, "Show active hard constraints "
                                        + "(default true).")
                                .build(),
                        (call, args) -> {
                            boolean include = args.optionalBoolean("include_hard_constraints").orElse(true);
                            CompiledPageService.Page page = pages.page(call.tenant(), args.text("entity"), include);
                            return new Page(page.entity(), include, page.markdown(), page.cached());
                        }));
    }

    private Object createMethodology(ToolCall call, ToolArguments args) {
        var created = methodologies.create(call.tenant(), new MethodologyDraft(args.text("asset_class"), args.text("title"),
                args.text("body"), args.optionalText("provenance")));
        return new CreatedMethodology(created.methodology(), created.inserted());
    }

    private Object recordTrade(ToolCall call, ToolArguments args) {
        TradeService.Recording r = trades.record(new RecordTrade(call.tenant(), args.text("asset"), args.text("asset_class"),
                args.text("side"), args.decimal("size"), args.decimal("entry_price"), instant(args, "opened_at"),
                args.optionalDecimal("exit_price"), args.optionalDecimal("pnl"), instant(args, "closed_at"),
                args.integers("methodology_ids"), args.optionalText("hint_hash"), args.optionalText("decision")));
        return recorded(r);
    }

    private Object recordOutcome(ToolCall call, ToolArguments args) {
        TradeService.OutcomeRecording r = trades.recordOutcome(new RecordOutcome(call.tenant(),
                TradeId.parse("trade_id", id(args, "trade_id")), args.decimal("exit_price"), args.optionalDecimal("pnl"),
                instant(args, "closed_at")));
        return new Outcome(r.trade(), r.cases(), r.changes(), r.replayed());
    }

    private Object recordCase(ToolCall call, ToolArguments args) {
        return recorded(trades.recordCase(call.tenant(), TradeId.parse("trade_id", id(args, "trade_id")),
                args.integers("methodology_ids"), args.optionalText("hint_hash"), args.optionalText("decision")));
    }

    private Object propose(ToolCall call, ToolArguments args) {
        var p = preferences.propose(call.tenant(), new ProposePreference(args.text("dimension"), args.text("content"),
                args.optionalText("kind"), args.optionalInt("evidence").map(Integer::longValue), Optional.of("agent")));
        return new Proposed(p.preference(), p.inserted());
    }

    /** {@code {trade, case?, scored}} as the REST answer has it ("case" is a Java keyword, hence a map). */
    private static Map<String, Object> recorded(TradeService.Recording r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("trade", r.trade());
        r.decision().ifPresent(c -> out.put("case", c));
        out.put("scored", r.changes());
        return out;
    }

    private static String id(ToolArguments args, String name) {
        return args.optionalInt(name).map(String::valueOf).orElse("");
    }

    private static Optional<Instant> instant(ToolArguments args, String name) {
        return args.optionalText(name).map(s -> {
            try {
                return Instant.parse(s.strip());
            } catch (DateTimeException e) {
                throw new InvalidInputException(name, "must be an ISO-8601 instant such as 2026-01-05T09:00:00Z");
            }
        });
    }

    /** methodology_create's data. */
    public record CreatedMethodology(Methodology methodology, boolean created) {
    }

    public record Methodologies(List<Methodology> methodologies) {
    }

    /** trade_outcome's data: the trade as closed, its cases and the methodologies the outcome moved. */
    public record Outcome(Trade trade, List<MethodologyCase> cases, List<MethodologyChange> scored, boolean replayed) {
    }

    public record Proposed(LearnedPreference preference, boolean created) {
    }

    public record Preferences(List<LearnedPreference> preferences) {
    }

    public record Learned(Learning learning, boolean created) {
    }

    public record Learnings(List<Learning> learnings) {
    }

    public record Page(String entity, boolean includeHardConstraints, String markdown, boolean cached) {
    }
}
