package dev.strata.application.learning;

import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.tool.ToolResult;
import dev.strata.application.tool.ToolSignatures;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.learning.CaseOutcome;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyCase;
import dev.strata.domain.learning.PreferenceKind;
import dev.strata.domain.learning.PreferenceSource;
import dev.strata.domain.learning.PreferenceState;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.json.JsonNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.strata.application.learning.LearningHarness.ALICE;
import static dev.strata.application.learning.LearningHarness.BOB;
import static dev.strata.application.provenance.TestOrigins.AGENT_ACTOR;
import static org.assertj.core.api.Assertions.assertThat;

class LearningToolsTest {

    private final LearningHarness h = new LearningHarness();
    private final ToolRegistry registry = ToolRegistry.builder().add(LearningTools.definitions(h.methodologies,
            h.trades, h.preferences, h.learnings, h.pages, h.settings)).build();

    private static JsonNode.ObjectNode args(Object... nameValue) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            fields.put((String) nameValue[i], node(nameValue[i + 1]));
        }
        return new JsonNode.ObjectNode(fields);
    }

    private static JsonNode node(Object value) {
        return switch (value) {
            case String s -> new JsonNode.TextNode(s);
            case Boolean b -> new JsonNode.BooleanNode(b);
            case Long l -> new JsonNode.NumberNode(BigDecimal.valueOf(l));
            case Integer i -> new JsonNode.NumberNode(BigDecimal.valueOf(i));
            case BigDecimal d -> new JsonNode.NumberNode(d);
            case Object[] items -> new JsonNode.ArrayNode(Arrays.stream(items).map(LearningToolsTest::node).toList());
            default -> throw new IllegalArgumentException(value.toString());
        };
    }

    private ToolResult call(String tool, JsonNode.ObjectNode arguments) {
        return registry.find(tool).orElseThrow().call( new ToolCall(ALICE, AGENT_ACTOR), arguments);
    }

    private Object ok(String tool, JsonNode.ObjectNode arguments) {
        ToolResult r = call(tool, arguments);
        assertThat(r).as("%s answered %s", tool, r).isInstanceOf(ToolResult.Ok.class);
        return ((ToolResult.Ok) r).data();
    }

    private InvalidInputException refused(String tool, JsonNode.ObjectNode arguments) {
        ToolResult r = call(tool, arguments);
        assertThat(r).as("%s answered %s", tool, r).isInstanceOf(ToolResult.Failed.class);
        return (InvalidInputException) ((ToolResult.Failed) r).error();
    }

    private static JsonNode.ObjectNode btc(String exit, Object... more) {
        List<Object> a = new java.util.ArrayList<>(List.of("asset", "BTC", "asset_class", "crypto_major", "side", "long",
                "size", new BigDecimal("0.1"), "entry_price", 60000));
        if (exit != null) {
            a.addAll(List.of("exit_price", new BigDecimal(exit)));
        }
        a.addAll(List.of(more));
        return args(a.toArray());
    }

    @Test
    void the_area_declares_its_tools_each_with_its_arguments_and_no_approve() {
        assertThat(ToolSignatures.of(registry)).containsExactly(
                Map.entry("methodology_create", List.of("asset_class:string!", "title:string!", "body:string!",
                        "provenance:string")),
                Map.entry("methodology_list", List.of("asset_class:string", "state:string", "limit:integer")),
                Map.entry("methodology_get", List.of("id:integer!")),
                Map.entry("trade_record", List.of("asset:string!", "asset_class:string!", "side:string!",
                        "size:number!", "entry_price:number!", "opened_at:string", "exit_price:number", "pnl:number",
                        "closed_at:string", "methodology_ids:array", "hint_hash:string", "decision:string")),
                Map.entry("trade_outcome", List.of("trade_id:integer!", "exit_price:number!", "pnl:number",
                        "closed_at:string")),
                Map.entry("case_record", List.of("trade_id:integer!", "methodology_ids:array!", "hint_hash:string!",
                        "decision:string")),
                Map.entry("preference_propose", List.of("dimension:string!", "content:string!", "kind:string",
                        "evidence:integer")),
                Map.entry("preference_list", List.of("state:string", "kind:string", "dimension:string",
                        "limit:integer")),
                Map.entry("memory_learn", List.of("task:string!", "steps:string!", "context:string")),
                Map.entry("learning_list", List.of("limit:integer")),
                Map.entry("learning_search", List.of("query:string!", "limit:integer")),
                Map.entry("memory_compiled_page", List.of("entity:string!", "include_hard_constraints:boolean")));
        assertThat(registry.names()).noneMatch(name -> name.contains("approve") || name.contains("activate"));
    }

    @Test
    void a_methodology_created_by_the_agent_lands_quarantined_and_a_restatement_returns_it() {
        var first = (LearningTools.CreatedMethodology) ok("methodology_create", args("asset_class", "crypto_major",
                "title", "Buy the dip", "body", "Buy BTC after a 20% drawdown."));
        var again = (LearningTools.CreatedMethodology) ok("methodology_create", args("asset_class", "crypto_major",
                "title", "buy the dip", "body", "Buy BTC after a 20% drawdown"));

        assertThat(first.created()).isTrue();
        assertThat(first.methodology().quarantined()).isTrue();
        assertThat(again.created()).isFalse();
        assertThat(again.methodology().id()).isEqualTo(first.methodology().id());
        assertThat(ok("methodology_get", args("id", first.methodology().id().value()))).isEqualTo(first.methodology());
        assertThat(((LearningTools.Methodologies) ok("methodology_list", args("state", "quarantined")))
                .methodologies()).extracting(Methodology::id).containsExactly(first.methodology().id());
    }

    @Test
    void a_trade_recorded_with_its_decision_scores_at_once_and_an_outcome_correction_moves_the_counts_once() {
        Methodology dip = h.methodology(ALICE, "Dip");
        @SuppressWarnings("unchecked")
        var open = (Map<String, Object>) ok("trade_record", btc(null, "methodology_ids", new Object[]{dip.id().value()},
                "hint_hash", "sha256:9f2c", "decision", "bought the dip"));
        Trade trade = (Trade) open.get("trade");
        assertThat(open).containsOnlyKeys("trade", "case", "scored");
        assertThat(((MethodologyCase) open.get("case")).outcome()).isEqualTo(CaseOutcome.PENDING);

        var won = (LearningTools.Outcome) ok("trade_outcome", args("trade_id", trade.id().value(), "exit_price", 63000));
        var replay = (LearningTools.Outcome) ok("trade_outcome", args("trade_id", trade.id().value(),
                "exit_price", 63000));
        var lost = (LearningTools.Outcome) ok("trade_outcome", args("trade_id", trade.id().value(),
                "exit_price", 58000));

        assertThat(won.scored()).singleElement().satisfies(c -> assertThat(c.after().successes()).isEqualTo(1));
        assertThat(replay.replayed()).isTrue();
        assertThat(lost.cases()).singleElement().satisfies(c -> assertThat(c.outcome()).isEqualTo(CaseOutcome.LOSS));
        Methodology after = h.reload(dip);
        assertThat(after.successes()).isZero();
        assertThat(after.uses()).isEqualTo(1);
    }

    @Test
    void a_case_recorded_on_a_closed_trade_is_scored_and_a_foreign_methodology_is_refused_by_index() {
        Methodology dip = h.methodology(ALICE, "Dip");
        Methodology bobs = h.methodology(BOB, "Bob's dip");
        @SuppressWarnings("unchecked")
        Trade closed = (Trade) ((Map<String, Object>) ok("trade_record", btc("63000"))).get("trade");

        @SuppressWarnings("unchecked")
        var recorded = (Map<String, Object>) ok("case_record", args("trade_id", closed.id().value(),
                "methodology_ids", new Object[]{dip.id().value()}, "hint_hash", "h1"));
        InvalidInputException foreign = refused("case_record", args("trade_id", closed.id().value(),
                "methodology_ids", new Object[]{dip.id().value(), bobs.id().value()}, "hint_hash", "h1"));

        assertThat(((MethodologyCase) recorded.get("case")).outcome()).isEqualTo(CaseOutcome.WIN);
        assertThat(foreign.field()).isEqualTo("methodology_ids[1]");
        assertThat(h.reload(dip).uses()).isEqualTo(1);
    }

    @Test
    void bad_arguments_name_their_field_and_record_nothing() {
        assertThat(refused("trade_record", btc(null, "methodology_ids", new Object[]{"one"}, "hint_hash", "h"))
                .field()).isEqualTo("methodology_ids[0]");
        assertThat(refused("trade_record", btc(null, "opened_at", "yesterday")).field()).isEqualTo("opened_at");
        assertThat(refused("trade_record", args("asset", "BTC", "asset_class", "crypto_major", "side", "long",
                "size", "0.1", "entry_price", 1)).field()).isEqualTo("size");
        assertThat(refused("trade_record", btc(null, "asset_class", "bonds")).field()).isEqualTo("asset_class");
        assertThat(refused("trade_outcome", args("trade_id", 0, "exit_price", 1)).field()).isEqualTo("trade_id");
        assertThat(refused("methodology_get", args("id", -3)).field()).isEqualTo("id");

        assertThat(h.trades.listTrades(ALICE, Optional.empty(), Optional.empty())).isEmpty();
    }

    @Test
    void an_agents_hard_constraint_stays_proposed_with_source_agent_and_no_argument_can_set_a_state() {
        var p = (LearningTools.Proposed) ok("preference_propose", args("dimension", "leverage",
                "content", "Never use more than 2x leverage on BTC", "kind", "hard_constraint"));

        assertThat(p.preference().state()).isEqualTo(PreferenceState.PROPOSED);
        assertThat(p.preference().kind()).isEqualTo(PreferenceKind.HARD_CONSTRAINT);
        assertThat(p.preference().source()).isEqualTo(PreferenceSource.AGENT);
        assertThat(refused("preference_propose", args("dimension", "leverage", "content", "x", "state", "active"))
                .field()).isEqualTo("state");
        assertThat(refused("preference_propose", args("dimension", "leverage", "content", "x", "source", "user"))
                .field()).isEqualTo("source");
        assertThat(((LearningTools.Preferences) ok("preference_list", args("state", "active"))).preferences()).isEmpty();
        assertThat(((LearningTools.Preferences) ok("preference_list", args())).preferences())
                .extracting(LearnedPreference::state).containsExactly(PreferenceState.PROPOSED);
    }

    @Test
    void memory_learn_keeps_learnings_apart_from_memories_and_finds_them_by_their_words() {
        var first = (LearningTools.Learned) ok("memory_learn", args("task", "Bridge USDC to Base",
                "steps", "approve, bridge, wait"));
        var again = (LearningTools.Learned) ok("memory_learn", args("task", "bridge usdc to base",
                "steps", "approve, bridge", "context", "gas spikes"));

        assertThat(first.created()).isTrue();
        assertThat(again.created()).isFalse();
        assertThat(again.learning().timesUsed()).isEqualTo(2);
        assertThat(((LearningTools.Learnings) ok("learning_search", args("query", "gas"))).learnings()).hasSize(1);
        assertThat(((LearningTools.Learnings) ok("learning_list", args())).learnings()).hasSize(1);
        assertThat(h.memories.count(ALICE)).isZero();
    }

    @Test
    void the_compiled_page_tool_answers_the_page_and_then_its_cached_copy() {
        var cold = (LearningTools.Page) ok("memory_compiled_page", args("entity", "BTC"));
        var warm = (LearningTools.Page) ok("memory_compiled_page", args("entity", "btc"));
        var noHard = (LearningTools.Page) ok("memory_compiled_page", args("entity", "BTC",
                "include_hard_constraints", false));

        assertThat(cold.cached()).isFalse();
        assertThat(warm.cached()).isTrue();
        assertThat(warm.markdown()).isEqualTo(cold.markdown());
        assertThat(cold.entity()).isEqualTo("BTC");
        assertThat(noHard.includeHardConstraints()).isFalse();
        assertThat(noHard.cached()).isFalse();
        assertThat(refused("memory_compiled_page", args("entity", "not a ticker")).field()).isEqualTo("entity");
    }
}
