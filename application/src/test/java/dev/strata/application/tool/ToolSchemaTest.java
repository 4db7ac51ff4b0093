package dev.strata.application.tool;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.json.JsonNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.strata.application.tool.ToolSchema.Type.BOOLEAN;
import static dev.strata.application.tool.ToolSchema.Type.INTEGER;
import static dev.strata.application.tool.ToolSchema.Type.INTEGER_LIST;
import static dev.strata.application.tool.ToolSchema.Type.NUMBER;
import static dev.strata.application.tool.ToolSchema.Type.OBJECT;
import static dev.strata.application.tool.ToolSchema.Type.STRING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ToolSchemaTest {

    private static final ToolSchema SCHEMA = ToolSchema.builder()
            .required("content", STRING, "the text")
            .optional("limit", INTEGER, "how many")
            .optional("is_secret", BOOLEAN, "a flag")
            .optional("metadata", OBJECT, "free-form")
            .build();

    static JsonNode.ObjectNode object(Object... nameValue) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            fields.put((String) nameValue[i], node(nameValue[i + 1]));
        }
        return new JsonNode.ObjectNode(fields);
    }

    private static JsonNode node(Object value) {
        return switch (value) {
            case null -> JsonNode.NullNode.INSTANCE;
            case JsonNode n -> n;
            case String s -> new JsonNode.TextNode(s);
            case Boolean b -> new JsonNode.BooleanNode(b);
            case Integer i -> new JsonNode.NumberNode(BigDecimal.valueOf(i));
            case BigDecimal d -> new JsonNode.NumberNode(d);
            default -> throw new IllegalArgumentException(value.toString());
        };
    }

    private static void assertRefused(JsonNode arguments, String field, String reason) {
        assertThatThrownBy(() -> SCHEMA.validate(arguments))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo(field);
                    assertThat(e.reason()).isEqualTo(reason);
                });
    }

    @Test
    void valid_arguments_are_handed_over_typed() {
        ToolArguments args = SCHEMA.validate(object("content", "hello", "limit", 5, "is_secret", true,
                "metadata", object("k", "v")));

        assertThat(args.text("content")).isEqualTo("hello");
        assertThat(args.optionalInt("limit")).contains(5);
        assertThat(args.optionalBoolean("is_secret")).contains(true);
        assertThat(args.optionalMetadata("metadata").orElseThrow().json()).isEqualTo("{\"k\":\"v\"}");
    }

    @Test
    void a_missing_required_property_is_refused_naming_it() {
        assertRefused(object("limit", 5), "content", "is required");
        assertRefused(object("content", null), "content", "is required");
    }

    @Test
    void an_unknown_property_is_refused_naming_it_and_listing_the_known_ones() {
        assertRefused(object("content", "x", "colour", "red"), "colour",
                "is not a known field (allowed: content, is_secret, limit, metadata)");
    }

    @Test
    void a_property_of_the_wrong_type_is_refused_naming_it() {
        assertRefused(object("content", 5), "content", "must be a string");
        assertRefused(object("content", "x", "limit", "5"), "limit", "must be an integer");
        assertRefused(object("content", "x", "limit", new BigDecimal("2.5")), "limit", "must be an integer");
        assertRefused(object("content", "x", "limit", new BigDecimal("5.0")), "limit", "must be an integer");
        assertRefused(object("content", "x", "limit", new BigDecimal("12345678901234")), "limit", "is out of range");
        assertRefused(object("content", "x", "is_secret", "yes"), "is_secret", "must be true or false");
        assertRefused(object("content", "x", "metadata", new JsonNode.ArrayNode(List.of())), "metadata",
                "must be a JSON object");
    }

    @Test
    void a_null_optional_property_counts_as_absent() {
        ToolArguments args = SCHEMA.validate(object("content", "x", "limit", null));

        assertThat(args.has("limit")).isFalse();
        assertThat(args.optionalInt("limit")).isEmpty();
    }

    @Test
    void arguments_that_are_not_an_object_are_refused() {
        assertThatThrownBy(() -> SCHEMA.validate(new JsonNode.TextNode("x")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("arguments"));
    }

    @Test
    void a_handler_reading_an_undeclared_argument_is_a_programming_error() {
        ToolArguments args = SCHEMA.validate(object("content", "x"));

        assertThatThrownBy(() -> args.optionalText("colour")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void renders_as_a_json_schema_object_refusing_additional_properties() {
        JsonNode.ObjectNode schema = SCHEMA.toJson();

        assertThat(schema.text("type")).isEqualTo("object");
        assertThat(schema.bool("additionalProperties")).isFalse();
        assertThat(schema.array("required")).containsExactly(new JsonNode.TextNode("content"));
        JsonNode.ObjectNode properties = schema.object("properties");
        assertThat(properties.fields().keySet()).containsExactly("content", "limit", "is_secret", "metadata");
        assertThat(properties.object("limit").text("type")).isEqualTo("integer");
        assertThat(properties.object("is_secret").text("type")).isEqualTo("boolean");
        assertThat(properties.object("metadata").text("type")).isEqualTo("object");
        assertThat(properties.object("content").text("description")).isEqualTo("the text");
    }

    @Test
    void a_schema_without_arguments_accepts_only_the_empty_object() {
        assertThatCode(() -> ToolSchema.none().validate(object())).doesNotThrowAnyException();
        assertThatThrownBy(() -> ToolSchema.none().validate(object("x", 1)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("x"));
        assertThat(ToolSchema.none().toJson().array("required")).isEmpty();
    }

    @Test
    void a_property_is_declared_once_with_a_description() {
        assertThatThrownBy(() -> ToolSchema.builder().required("a", STRING, "one").optional("a", INTEGER, "two")
                .build()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a");
        assertThatThrownBy(() -> ToolSchema.builder().required("a", STRING, " "))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void metadata_keeps_its_json_text_with_escapes_and_number_forms_as_written() {
        ToolArguments args = SCHEMA.validate(object("content", "x", "metadata", object(
                "s", "quote\" back\\ nl\n tab\t ctl\u0001 uni\u00e9",
                "n", new JsonNode.ArrayNode(List.of(new JsonNode.NumberNode(new BigDecimal("1.50")),
                        new JsonNode.NumberNode(new BigDecimal("1E+2")), JsonNode.NullNode.INSTANCE,
                        new JsonNode.BooleanNode(false))))));

        assertThat(args.optionalMetadata("metadata").orElseThrow().json())
                .isEqualTo("{\"s\":\"quote\\\" back\\\\ nl\\n tab\\t ctl\\u0001 uni\u00e9\",\"n\":[1.50,1E+2,null,false]}");
    }

    private static final ToolSchema AMOUNTS = ToolSchema.builder()
            .required("size", NUMBER, "exact amount")
            .optional("ids", INTEGER_LIST, "some ids")
            .build();

    private static JsonNode.ArrayNode array(Object... items) {
        return new JsonNode.ArrayNode(java.util.Arrays.stream(items).map(ToolSchemaTest::node).toList());
    }

    @Test
    void a_number_is_read_exactly_and_a_list_of_integers_as_longs() {
        ToolArguments args = AMOUNTS.validate(object("size", new BigDecimal("0.1"), "ids",
                array(3, new BigDecimal("4000000000"))));

        assertThat(args.decimal("size")).isEqualByComparingTo("0.1").hasToString("0.1");
        assertThat(args.integers("ids")).containsExactly(3L, 4_000_000_000L);
        assertThat(AMOUNTS.validate(object("size", 1)).integers("ids")).isEmpty();
    }

    @Test
    void a_list_element_that_is_not_an_integer_is_refused_naming_its_index() {
        assertThatThrownBy(() -> AMOUNTS.validate(object("size", 1, "ids", array(1, "two"))))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("ids[1]");
                    assertThat(e.reason()).isEqualTo("must be an integer");
                });
        assertThatThrownBy(() -> AMOUNTS.validate(object("size", 1, "ids", array(new BigDecimal("1.5")))))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("ids[0]"));
        assertThatThrownBy(() -> AMOUNTS.validate(object("size", "1")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("size");
                    assertThat(e.reason()).isEqualTo("must be a number");
                });
        assertThatThrownBy(() -> AMOUNTS.validate(object("size", 1, "ids", 7)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("ids");
                    assertThat(e.reason()).isEqualTo("must be an array of integers");
                });
    }

    @Test
    void a_list_longer_than_the_bound_is_refused_before_its_elements_are_read() {
        Object[] many = new Object[ToolSchema.MAX_LIST + 1];
        java.util.Arrays.fill(many, "not even a number");

        assertThatThrownBy(() -> AMOUNTS.validate(object("size", 1, "ids", array(many))))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("ids");
                    assertThat(e.reason()).isEqualTo("must have at most " + ToolSchema.MAX_LIST + " elements");
                });
    }

    @Test
    void a_list_of_integers_renders_with_its_item_type() {
        JsonNode.ObjectNode ids = AMOUNTS.toJson().object("properties").object("ids");

        assertThat(ids.text("type")).isEqualTo("array");
        assertThat(ids.object("items").text("type")).isEqualTo("integer");
        assertThat(AMOUNTS.toJson().object("properties").object("size").text("type")).isEqualTo("number");
    }
}
