package dev.strata.adapters.llm.chat;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonExtractionTest {

    private static List<String> found(String reply) {
        return JsonExtraction.objects(reply).stream().map(JsonObject::toString).toList();
    }

    @Test
    void takes_a_bare_object() {
        assertThat(found("  {\"a\": 1}\n")).containsExactly("{\"a\":1}");
    }

    @Test
    void takes_the_body_of_a_code_fence() {
        assertThat(found("Here you go:\n```json\n{\"a\": \"x\"}\n```\nAnything else?")).containsExactly("{\"a\":\"x\"}");
        assertThat(found("```\n{\"b\": true}```")).containsExactly("{\"b\":true}");
    }

    @Test
    void finds_an_object_inside_prose() {
        assertThat(found("Sure! The decision is {\"decision\": \"supersede\", \"why\": \"a } in a string\"} as asked."))
                .containsExactly("{\"decision\":\"supersede\",\"why\":\"a } in a string\"}");
    }

    @Test
    void offers_every_object_it_finds_in_reading_order_without_duplicates() {
        assertThat(found("Example: {\"x\": 1}. Answer: {\"y\": {\"z\": 2}}"))
                .containsExactly("{\"x\":1}", "{\"y\":{\"z\":2}}", "{\"z\":2}");
    }

    @Test
    void finds_nothing_in_broken_or_missing_json() {
        assertThat(found("I cannot help with that.")).isEmpty();
        assertThat(found("{\"a\": 1,}")).isEmpty();
        assertThat(found("{\"a\": \"unterminated")).isEmpty();
        assertThat(found("[1, 2, 3]")).isEmpty();
        assertThat(found("")).isEmpty();
    }
}
