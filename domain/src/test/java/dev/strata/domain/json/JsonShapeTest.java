package dev.strata.domain.json;

import static dev.strata.domain.json.JsonShape.Field.optional;
import static dev.strata.domain.json.JsonShape.Field.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.json.JsonNode.ArrayNode;
import dev.strata.domain.json.JsonNode.BooleanNode;
import dev.strata.domain.json.JsonNode.NullNode;
import dev.strata.domain.json.JsonNode.NumberNode;
import dev.strata.domain.json.JsonNode.ObjectNode;
import dev.strata.domain.json.JsonNode.TextNode;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonShapeTest {

    private static final JsonShape.ObjectShape DECISION = JsonShape.object(
            required("decision", JsonShape.oneOf("supersede", "keep_both")),
            required("confidence", JsonShape.number()),
            optional("reason", JsonShape.string()),
            required("facts", JsonShape.arrayOf(JsonShape.object(
                    required("id", JsonShape.integer()),
                    required("active", JsonShape.bool())))));

    @Test
    void a_conforming_object_has_no_violations() {
        ObjectNode reply = object(
                "decision", text("supersede"),
                "confidence", number("0.8"),
                "facts", new ArrayNode(List.of(object("id", number("3"), "active", new BooleanNode(true)))),
                "extra", text("ignored"));

        assertThat(DECISION.violations(reply)).isEmpty();
    }

    @Test
    void reports_every_violation_with_its_path() {
        ObjectNode reply = object(
                "decision", text("delete"),
                "confidence", text("high"),
                "facts", new ArrayNode(List.of(
                        object("id", number("1.5"), "active", new BooleanNode(false)),
                        object("active", text("yes")))));

        assertThat(DECISION.violations(reply)).containsExactly(
                "$.decision: expected one of [supersede, keep_both], got \"delete\"",
                "$.confidence: expected number, got string",
                "$.facts[0].id: expected integer, got 1.5",
                "$.facts[1].id: required field is missing",
                "$.facts[1].active: expected boolean, got string");
    }

    @Test
    void null_counts_as_missing_for_required_and_absent_for_optional_fields() {
        ObjectNode reply = object(
                "decision", NullNode.INSTANCE,
                "confidence", number("1"),
                "reason", NullNode.INSTANCE,
                "facts", new ArrayNode(List.of()));

        assertThat(DECISION.violations(reply)).containsExactly("$.decision: required field is missing");
    }

    @Test
    void a_non_object_reply_is_one_violation() {
        assertThat(DECISION.violations(new ArrayNode(List.of()))).containsExactly("$: expected object, got array");
    }

    @Test
    void integers_may_be_written_with_a_zero_fraction() {
        assertThat(JsonShape.integer().violations(number("2.0"))).isEmpty();
        assertThat(JsonShape.integer().violations(number("0"))).isEmpty();
        assertThat(JsonShape.integer().violations(number("1e3"))).isEmpty();
    }

    @Test
    void knows_when_every_field_is_required_all_the_way_down() {
        assertThat(DECISION.requiresAllFieldsDeeply()).isFalse();
        assertThat(JsonShape.object(required("a", JsonShape.arrayOf(JsonShape.object(required("b", JsonShape.string())))))
                .requiresAllFieldsDeeply()).isTrue();
        assertThat(JsonShape.object(required("a", JsonShape.arrayOf(JsonShape.object(optional("b", JsonShape.string())))))
                .requiresAllFieldsDeeply()).isFalse();
    }

    @Test
    void rejects_duplicate_field_names() {
        assertThatThrownBy(() -> JsonShape.object(required("a", JsonShape.string()), optional("a", JsonShape.bool())))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void object_accessors_read_typed_fields_and_fail_loudly_on_the_wrong_type() {
        ObjectNode node = object("name", text("x"), "n", number("4"), "ok", new BooleanNode(true),
                "list", new ArrayNode(List.of(text("a"))), "nothing", NullNode.INSTANCE);

        assertThat(node.text("name")).isEqualTo("x");
        assertThat(node.number("n")).isEqualByComparingTo("4");
        assertThat(node.bool("ok")).isTrue();
        assertThat(node.array("list")).containsExactly(text("a"));
        assertThat(node.array("absent")).isEmpty();
        assertThat(node.optionalText("nothing")).isEmpty();
        assertThatThrownBy(() -> node.text("n")).isInstanceOf(IllegalStateException.class).hasMessageContaining("number");
        assertThatThrownBy(() -> node.object("absent")).isInstanceOf(IllegalStateException.class);
    }

    private static ObjectNode object(Object... namesAndValues) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put((String) namesAndValues[i], (JsonNode) namesAndValues[i + 1]);
        }
        return new ObjectNode(fields);
    }

    private static TextNode text(String value) {
        return new TextNode(value);
    }

    private static NumberNode number(String value) {
        return new NumberNode(new BigDecimal(value));
    }
}
