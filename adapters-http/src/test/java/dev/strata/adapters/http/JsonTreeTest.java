package dev.strata.adapters.http;

import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.JsonTree;
import dev.strata.application.tool.ToolSchema;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.json.JsonNode;
import jakarta.json.JsonObject;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tool arguments reach the core as the framework-free JSON tree. Metadata written through a tool
 * must be stored as the very text the REST API stores for the same body, so the tree and its
 * writer are checked against the JSON-P parser on arbitrary JSON.
 */
class JsonTreeTest {

    private static final ToolSchema METADATA = ToolSchema.builder()
            .optional("metadata", ToolSchema.Type.OBJECT, "free-form").build();

    /** Any JSON value (sometimes invalid, sometimes too deep) as the value of an object's field. */
    @Provide
    Arbitrary<String> anyJson() {
        return HostileJson.anyJson().map(value -> "{\"v\":" + value + "}");
    }

    /** Objects whose keys and strings hold every control character and whose numbers take every written form. */
    @Provide
    Arbitrary<String> escapesAndNumbers() {
        Arbitrary<String> text = Arbitraries.strings().withCharRange('\u0000', '\u00ff')
                .withChars('\u2028', '\u2029', '\u007f', '\ud83d', '\ude00', '"', '\\', '/').ofMaxLength(8);
        Arbitrary<String> number = Arbitraries.of("0", "-0", "-0.0", "1.50", "1e2", "1E+2", "-3.0e-7",
                "12345678901234567890", "0.1", "2147483648", "5");
        Arbitrary<String> value = Arbitraries.oneOf(text.map(HostileJson::quote), number,
                Arbitraries.of("true", "false", "null", "{}", "[]"));
        return Arbitraries.maps(text, value).ofMaxSize(6).map(fields -> fields.entrySet().stream()
                .map(f -> HostileJson.quote(f.getKey()) + ":" + f.getValue())
                .collect(Collectors.joining(",", "{\"v\":{", "}}")));
    }

    @Property(tries = 1_000)
    void every_escape_and_number_form_is_written_as_the_rest_api_writes_it(@ForAll("escapesAndNumbers") String json) {
        assertSameMetadataText(json);
    }

    private static Optional<JsonObject> parsed(String json) {
        try {
            return Optional.of(JsonBody.parse(json).raw());
        } catch (InvalidInputException e) {
            return Optional.empty();
        }
    }

    @Property(tries = 1_000)
    void a_tool_stores_metadata_as_the_same_text_as_the_rest_api(@ForAll("anyJson") String json) {
        assertSameMetadataText(json);
    }

    private static void assertSameMetadataText(String json) {
        Optional<JsonObject> object = parsed(json);
        Assume.that(object.isPresent());

        JsonNode.ObjectNode arguments = new JsonNode.ObjectNode(Map.of("metadata", JsonTree.toNode(object.get())));
        String viaTool = METADATA.validate(arguments).optionalMetadata("metadata").orElseThrow().json();
        String viaRest = JsonBody.of(jakarta.json.Json.createObjectBuilder().add("metadata", object.get()).build(), "")
                .optionalMetadata("metadata").orElseThrow().json();

        assertThat(viaTool).isEqualTo(viaRest);
    }

    @Property(tries = 1_000)
    void the_tree_round_trips_to_the_same_json_value(@ForAll("anyJson") String json) {
        Optional<JsonObject> object = parsed(json);
        Assume.that(object.isPresent());

        assertThat(JsonTree.toJson(JsonTree.toNode(object.get()))).isEqualTo(object.get());
    }
}
