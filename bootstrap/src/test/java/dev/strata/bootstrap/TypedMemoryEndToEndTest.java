package dev.strata.bootstrap;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** spec 02 through the whole server: saves, supersedes, rejections, history, deletes and the snapshot. */
class TypedMemoryEndToEndTest {

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.started();

    private static JsonObject tool(String name, String args, String tenant) throws Exception {
        return Http.json(server.http().send("POST", "/v1/tools/" + name, args, tenant));
    }

    @Test
    void a_supersede_through_the_tools_keeps_one_active_entry_and_the_whole_chain() throws Exception {
        JsonObject first = tool("memory_save", "{\"key\":\"auth-approach\",\"content\":\"JWT with 1h expiry\","
                + "\"type\":\"choice\"}", "typed");
        assertThat(first.getBoolean("ok")).isTrue();
        assertThat(first.getJsonObject("data").getString("action")).isEqualTo("inserted");
        assertThat(first.getJsonObject("data").getJsonObject("memory").getString("type")).isEqualTo("decision");

        HttpResponse<String> rejected = server.http().send("POST", "/v1/tools/memory_save",
                "{\"key\":\"auth-approach\",\"content\":\"sessions in Redis\"}", "typed");
        assertThat(rejected.statusCode()).isEqualTo(409);
        JsonObject rejection = Http.json(rejected);
        assertThat(rejection.getBoolean("ok")).isFalse();
        assertThat(rejection.getString("error")).contains("JWT with 1h expiry", "supersede_reason");
        assertThat(rejection.getJsonObject("details").getString("current_content")).isEqualTo("JWT with 1h expiry");

        JsonObject second = tool("memory_save", "{\"key\":\"auth-approach\",\"content\":\"JWT with 15m expiry and "
                + "refresh tokens\",\"type\":\"decision\",\"supersede_reason\":\"1h tokens failed the audit\"}", "typed");
        assertThat(second.getJsonObject("data").getString("action")).isEqualTo("superseded");
        assertThat(second.getJsonObject("data").getJsonObject("superseded").getBoolean("is_active")).isFalse();

        JsonObject history = Http.json(server.http().send("GET", "/v1/memory/history?key=auth-approach", null, "typed"));
        assertThat(history.getJsonArray("entries")).hasSize(2);
        assertThat(history.getJsonArray("entries").getJsonObject(0).getString("content"))
                .isEqualTo("JWT with 15m expiry and refresh tokens");
        assertThat(history.getJsonArray("entries").getJsonObject(0).getString("supersede_reason"))
                .isEqualTo("1h tokens failed the audit");

        JsonObject search = tool("memory_search", "{\"query\":\"JWT expiry\",\"max_results\":5}", "typed");
        var results = search.getJsonObject("data").getJsonArray("results");
        assertThat(results).hasSize(2);
        assertThat(results.getJsonObject(0).getBoolean("is_active")).isTrue();
        assertThat(results.getJsonObject(0).getString("key")).isEqualTo("auth-approach");
        assertThat(results.getJsonObject(1).getBoolean("is_active")).isFalse();
        assertThat(search.getJsonObject("data").getString("search_mode")).isEqualTo("keyword");

        assertThat(server.http().send("GET", "/v1/snapshot", null, "typed").body())
                .contains("[decision] [auth-approach]: JWT with 15m expiry and refresh tokens")
                .doesNotContain("JWT with 1h expiry");
    }

    @Test
    void rest_writes_with_a_key_follow_the_same_rules() throws Exception {
        assertThat(server.http().send("POST", "/v1/memory", "{\"key\":\"slippage\",\"category\":\"preference\","
                + "\"content\":\"0.5% slippage\"}", "rest").statusCode()).isEqualTo(201);
        HttpResponse<String> conflict = server.http().send("POST", "/v1/memory", "{\"key\":\"slippage\",\"category\":\"preference\","
                + "\"content\":\"1% slippage\"}", "rest");
        assertThat(conflict.statusCode()).isEqualTo(409);
        assertThat(conflict.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(Http.json(conflict).getJsonObject("details").getString("current_content")).isEqualTo("0.5% slippage");
        assertThat(server.http().send("POST", "/v1/memory", "{\"key\":\"slippage\",\"category\":\"preference\","
                + "\"content\":\"1% slippage\",\"supersede_reason\":\"user raised it\"}", "rest").statusCode())
                .isEqualTo(201);
        assertThat(server.http().send("POST", "/v1/memory", "{\"category\":\"preference\",\"content\":\"x\","
                + "\"supersede_reason\":\"no key\"}", "rest").statusCode()).isEqualTo(400);
    }

    @Test
    void deleting_a_key_hides_it_from_lists_but_keeps_it_in_history() throws Exception {
        tool("memory_save", "{\"key\":\"focus\",\"content\":\"payments dashboard\",\"type\":\"active\"}", "del");
        tool("memory_save", "{\"key\":\"runbook\",\"content\":\"see wiki/payments\",\"type\":\"link\"}", "del");

        JsonObject listed = tool("memory_list", "{\"type\":\"context\"}", "del");
        assertThat(listed.getJsonObject("data").getJsonArray("memories")).hasSize(1);

        assertThat(tool("memory_delete", "{\"key\":\"focus\"}", "del").getBoolean("ok")).isTrue();
        assertThat(tool("memory_list", "{}", "del").getJsonObject("data").getJsonArray("memories")).hasSize(1);
        assertThat(Http.json(server.http().send("GET", "/v1/memory/history?key=focus", null, "del")).getJsonArray("entries")
                .getJsonObject(0).getBoolean("is_active")).isFalse();
        assertThat(server.http().send("POST", "/v1/tools/memory_delete", "{\"key\":\"focus\"}", "del").statusCode()).isEqualTo(404);
        assertThat(server.http().send("GET", "/v1/snapshot", null, "del").body()).doesNotContain("payments dashboard")
                .doesNotContain("wiki/payments");
    }

    @Test
    void another_tenant_cannot_read_or_touch_a_key() throws Exception {
        tool("memory_save", "{\"key\":\"secret-plan\",\"content\":\"buy the dip\"}", "owner2");
        assertThat(server.http().send("GET", "/v1/memory/history?key=secret-plan", null, "other2").statusCode()).isEqualTo(404);
        assertThat(server.http().send("POST", "/v1/tools/memory_delete", "{\"key\":\"secret-plan\"}", "other2").statusCode())
                .isEqualTo(404);
        assertThat(tool("memory_save", "{\"key\":\"secret-plan\",\"content\":\"mine\"}", "other2")
                .getJsonObject("data").getString("action")).isEqualTo("inserted");
        assertThat(Http.json(server.http().send("GET", "/v1/memory/history?key=secret-plan", null, "owner2")).getJsonArray("entries"))
                .hasSize(1);
    }

    @Test
    void bad_tool_arguments_name_the_field() throws Exception {
        HttpResponse<String> badType = server.http().send("POST", "/v1/tools/memory_save",
                "{\"key\":\"k\",\"content\":\"c\",\"type\":\"preference\"}", "bad");
        assertThat(badType.statusCode()).isEqualTo(400);
        assertThat(Http.json(badType).getString("field")).isEqualTo("type");
        assertThat(Http.json(server.http().send("POST", "/v1/tools/memory_save", "{\"key\":\"bad key\",\"content\":\"c\"}", "bad"))
                .getString("field")).isEqualTo("key");
        assertThat(Http.json(server.http().send("POST", "/v1/tools/memory_save", "{\"content\":\"c\"}", "bad")).getString("field"))
                .isEqualTo("key");
        assertThat(server.http().send("GET", "/v1/memory/history", null, "bad").statusCode()).isEqualTo(400);
    }
}
