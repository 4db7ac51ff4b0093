package dev.strata.adapters.http;

import dev.strata.adapters.http.support.JsonTree;
import dev.strata.application.tool.ToolDefinition;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /v1/tools}: every tool of the registry with its JSON Schema, in the shape agent
 * frameworks load (Anthropic's {@code input_schema}, OpenAI's {@code parameters}); and a call whose
 * arguments break the schema is refused naming the field.
 */
class ToolListTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    private static Map<String, JsonObject> toolsByName() {
        JsonObject body = gateway.api().get("/v1/tools").assertJson(200).json();
        assertThat(body.keySet()).containsExactly("tools");
        Map<String, JsonObject> byName = new LinkedHashMap<>();
        body.getJsonArray("tools").getValuesAs(JsonObject.class).forEach(t -> byName.put(t.getString("name"), t));
        return byName;
    }

    @Test
    void lists_every_tool_with_name_description_input_schema_and_parameters() {
        Map<String, JsonObject> tools = toolsByName();

        assertThat(tools.keySet()).containsExactly("memory_write", "memory_search", "memory_read", "memory_save",
                "memory_delete", "memory_list", "vault_set", "vault_get", "vault_list", "vault_delete",
                "methodology_create", "methodology_list", "methodology_get", "trade_record", "trade_outcome",
                "case_record", "preference_propose", "preference_list", "memory_learn", "learning_list",
                "learning_search", "memory_compiled_page", "role_record", "role_reflect", "role_recall", "price_report",
                "personalization_snapshot", "search_conversation_memory", "search_user_trades");
        tools.forEach((name, tool) -> {
            assertThat(tool.keySet()).as(name).containsExactly("name", "description", "input_schema", "parameters");
            assertThat(tool.getString("description")).as(name).isNotBlank();
            assertThat(tool.getJsonObject("parameters")).as(name).isEqualTo(tool.getJsonObject("input_schema"));
            JsonObject schema = tool.getJsonObject("input_schema");
            assertThat(schema.getString("type")).as(name).isEqualTo("object");
            assertThat(schema.get("additionalProperties")).as(name).isEqualTo(JsonValue.FALSE);
            schema.getJsonObject("properties").forEach((property, spec) ->
                    assertThat(spec.asJsonObject().getString("description")).as(name + "." + property).isNotBlank());
        });
    }

    @Test
    void each_tools_schema_is_the_one_its_area_declares_in_the_registry() {
        Map<String, JsonObject> listed = toolsByName();

        for (ToolDefinition tool : gateway.backend().tools.tools()) {
            assertThat(listed.get(tool.name()).getJsonObject("input_schema")).as(tool.name())
                    .isEqualTo(JsonTree.toJsonObject(tool.input().toJson()));
            assertThat(listed.get(tool.name()).getString("description")).isEqualTo(tool.description());
        }
        JsonObject write = listed.get("memory_write").getJsonObject("input_schema");
        assertThat(write.getJsonArray("required").getValuesAs(JsonString.class)).extracting(JsonString::getString)
                .containsExactly("category", "content");
        assertThat(write.getJsonObject("properties").getJsonObject("metadata").getString("type")).isEqualTo("object");
    }

    @Test
    void an_argument_against_the_schema_is_a_400_envelope_naming_the_field_and_nothing_is_stored() {
        Map<String, String> byField = new LinkedHashMap<>();
        byField.put("content", "{\"category\":\"lesson\",\"content\":[\"x\"]}");
        byField.put("metadata", "{\"category\":\"lesson\",\"content\":\"x\",\"metadata\":\"{}\"}");
        byField.put("category", "{\"content\":\"x\"}");
        byField.put("colour", "{\"category\":\"lesson\",\"content\":\"x\",\"colour\":\"red\"}");
        GatewayExtension.Api api = gateway.api("schema-violations");

        byField.forEach((field, arguments) -> {
            JsonObject envelope = api.post("/v1/tools/memory_write", arguments).assertJson(400).json();
            assertThat(envelope.keySet()).as(arguments).containsExactly("ok", "error", "field");
            assertThat(envelope.getString("field")).as(arguments).isEqualTo(field);
            assertThat(envelope.getString("error")).as(arguments).startsWith(field + ": ");
        });
        assertThat(api.post("/v1/tools/memory_search", "{\"query\":\"x\",\"limit\":2.5}").assertJson(400).json()
                .getString("field")).isEqualTo("limit");
        assertThat(api.post("/v1/tools/vault_set", "{\"key\":\"k\",\"value\":\"v\",\"is_secret\":\"yes\"}")
                .assertJson(400).json().getString("field")).isEqualTo("is_secret");
        assertThat(api.get("/v1/memory").memories()).isEmpty();
        assertThat(api.get("/v1/vault").json().getJsonArray("entries")).isEmpty();
    }

    @Test
    void the_listing_is_the_same_for_every_tenant_and_needs_no_body() {
        assertThat(gateway.api("acme").get("/v1/tools").assertJson(200).json())
                .isEqualTo(gateway.api().get("/v1/tools").json());
        assertThat(gateway.api().post("/v1/tools", "{}").assertProblem(404).json().getString("detail"))
                .contains("POST /v1/tools");
    }

    @Test
    void a_tools_data_shows_memories_as_the_memory_resource_does() {
        GatewayExtension.Api api = gateway.api("tool-data");
        JsonObject data = api.post("/v1/tools/memory_save", """
                {"key":"auth","content":"JWT with 1h expiry","type":"decision","metadata":{"n":1.50}}""")
                .assertJson(200).json().getJsonObject("data");

        JsonObject memory = data.getJsonObject("memory");
        assertThat(data.keySet()).containsExactly("action", "memory");
        assertThat(memory).isEqualTo(api.get("/v1/memory/" + memory.getJsonNumber("id")).assertJson(200).json());
        assertThat(memory.getJsonObject("metadata")).isEqualTo(Json.createObjectBuilder()
                .add("n", new java.math.BigDecimal("1.50")).build());
    }
}
