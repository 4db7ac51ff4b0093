package dev.strata.adapters.llm.chat;

import static dev.strata.domain.json.JsonShape.Field.optional;
import static dev.strata.domain.json.JsonShape.Field.required;
import static org.assertj.core.api.Assertions.assertThat;

import dev.strata.domain.json.JsonNode;
import dev.strata.domain.json.JsonShape;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonMappingTest {

    @Test
    void renders_a_shape_as_json_schema() {
        JsonShape shape = JsonShape.object(
                required("decision", JsonShape.oneOf("supersede", "keep_both")).describedAs("what to do"),
                optional("scores", JsonShape.arrayOf(JsonShape.integer())),
                required("sure", JsonShape.bool()),
                required("weight", JsonShape.number()));

        assertThat(JsonMapping.toSchema(shape).toString()).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"decision\":{\"type\":\"string\",\"enum\":[\"supersede\",\"keep_both\"],\"description\":\"what to do\"},"
                + "\"scores\":{\"type\":\"array\",\"items\":{\"type\":\"integer\"}},"
                + "\"sure\":{\"type\":\"boolean\"},"
                + "\"weight\":{\"type\":\"number\"}},"
                + "\"required\":[\"decision\",\"sure\",\"weight\"],\"additionalProperties\":false}");
    }

    @Test
    void converts_json_p_values_to_domain_nodes() {
        var parsed = JsonSupport.parse("{\"s\":\"x\",\"n\":1.50,\"t\":true,\"f\":false,\"z\":null,\"a\":[{}]}")
                .orElseThrow().asJsonObject();

        JsonNode.ObjectNode node = JsonMapping.toNode(parsed);

        assertThat(node.fields()).containsExactly(
                Map.entry("s", new JsonNode.TextNode("x")),
                Map.entry("n", new JsonNode.NumberNode(new BigDecimal("1.50"))),
                Map.entry("t", new JsonNode.BooleanNode(true)),
                Map.entry("f", new JsonNode.BooleanNode(false)),
                Map.entry("z", JsonNode.NullNode.INSTANCE),
                Map.entry("a", new JsonNode.ArrayNode(List.of(new JsonNode.ObjectNode(Map.of())))));
    }
}
