package dev.strata.adapters.http;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code /v1/vault} and the vault tools on a real socket (authentication off: the header names the tenant). */
class VaultHttpServiceTest {

    private static final String SECRET = "sk-live-4f9a8b7c6d5e";
    private static final String[] ACME = {"X-Strata-Tenant", "acme"};

    /** A fresh gateway per test: secrets registered by one test must not redact another's output. */
    @RegisterExtension
    final GatewayExtension gateway = GatewayExtension.onFakes();

    private HttpReply send(String method, String path, String body) {
        return gateway.send(method, path, body, ACME);
    }

    @Test
    void put_list_get_delete_a_key() {
        HttpReply put = send("PUT", "/v1/vault/progress", "{\"value\":\"page 17\"}");
        assertThat(put.status()).isEqualTo(200);
        assertThat(put.json().getString("value")).isEqualTo("page 17");
        assertThat(put.json().getBoolean("is_secret")).isFalse();

        JsonObject listed = send("GET", "/v1/vault", null).json().getJsonArray("entries").getJsonObject(0);
        assertThat(listed.getString("key")).isEqualTo("progress");
        assertThat(listed.getString("value")).isEqualTo("page 17");

        assertThat(send("GET", "/v1/vault/progress", null).json().getString("value")).isEqualTo("page 17");
        assertThat(send("DELETE", "/v1/vault/progress", null).status()).isEqualTo(204);
        assertThat(send("GET", "/v1/vault/progress", null).status()).isEqualTo(404);
        assertThat(send("DELETE", "/v1/vault/progress", null).status()).isEqualTo(404);
    }

    @Test
    void a_secret_is_returned_only_by_the_explicit_read_of_its_key() {
        HttpReply put = send("PUT", "/v1/vault/OPENAI_API_KEY",
                "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        assertThat(put.status()).isEqualTo(200);
        assertThat(put.text()).doesNotContain(SECRET);
        assertThat(put.json().containsKey("value")).isFalse();

        HttpReply list = send("GET", "/v1/vault", null);
        assertThat(list.text()).doesNotContain(SECRET).contains("\"is_secret\":true");

        HttpReply get = send("GET", "/v1/vault/OPENAI_API_KEY", null);
        assertThat(get.json().getString("value")).isEqualTo(SECRET);
    }

    @Test
    void the_explicit_read_reveals_only_its_own_secret() {
        send("PUT", "/v1/vault/a", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        send("PUT", "/v1/vault/b", "{\"value\":\"prefix " + SECRET + " suffix\",\"is_secret\":false}");

        // b is plain, but contains a's secret: that part is still redacted in b's read.
        assertThat(send("GET", "/v1/vault/b", null).json().getString("value"))
                .isEqualTo("prefix [REDACTED:vault:a] suffix");
    }

    @Test
    void bad_input_is_a_400_naming_the_field() {
        assertField(send("PUT", "/v1/vault/bad%20key", "{\"value\":\"v\"}"), "key");
        assertField(send("PUT", "/v1/vault/k", "{}"), "value");
        assertField(send("PUT", "/v1/vault/k", "{\"value\":\"\"}"), "value");
        assertField(send("PUT", "/v1/vault/k", "{\"value\":42}"), "value");
        assertField(send("PUT", "/v1/vault/k", "{\"value\":\"v\",\"is_secret\":\"yes\"}"), "is_secret");
        assertField(send("PUT", "/v1/vault/k", "{\"value\":\"1234\",\"is_secret\":true}"), "value");
        assertField(send("PUT", "/v1/vault/k", "{\"value\":\"v\",\"secret\":true}"), "secret");
        assertField(send("GET", "/v1/vault/-x", null), "key");
        assertField(send("DELETE", "/v1/vault/a%22b", null), "key");
    }

    private static void assertField(HttpReply res, String field) {
        assertThat(res.status()).as(res.text()).isEqualTo(400);
        assertThat(res.json().getString("field")).isEqualTo(field);
    }

    @Test
    void vault_tools_answer_the_envelope_and_never_show_a_secrets_value() {
        HttpReply set = send("POST", "/v1/tools/vault_set",
                "{\"key\":\"token\",\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        assertThat(set.json().getBoolean("ok")).isTrue();
        assertThat(set.text()).doesNotContain(SECRET);
        send("POST", "/v1/tools/vault_set", "{\"key\":\"cursor\",\"value\":\"42\"}");

        HttpReply get = send("POST", "/v1/tools/vault_get", "{\"key\":\"token\"}");
        assertThat(get.json().getJsonObject("data").getBoolean("is_secret")).isTrue();
        assertThat(get.text()).doesNotContain(SECRET);
        assertThat(send("POST", "/v1/tools/vault_get", "{\"key\":\"cursor\"}").json().getJsonObject("data")
                .getString("value")).isEqualTo("42");

        HttpReply list = send("POST", "/v1/tools/vault_list", "{}");
        assertThat(list.json().getJsonObject("data").getJsonArray("entries")).hasSize(2);
        assertThat(list.text()).doesNotContain(SECRET);

        HttpReply deleted = send("POST", "/v1/tools/vault_delete", "{\"key\":\"token\"}");
        assertThat(deleted.json().getJsonObject("data").getString("deleted")).isEqualTo("token");
        HttpReply missing = send("POST", "/v1/tools/vault_get", "{\"key\":\"token\"}");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().getBoolean("ok")).isFalse();
        HttpReply bad = send("POST", "/v1/tools/vault_set", "{\"key\":\"k\"}");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().getString("field")).isEqualTo("value");
    }

    @Test
    void a_secret_copied_into_a_memory_comes_back_redacted_from_every_memory_output() {
        send("PUT", "/v1/vault/OPENAI_API_KEY", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        HttpReply written = send("POST", "/v1/memory",
                "{\"category\":\"lesson\",\"content\":\"the key is " + SECRET + " for openai\"}");
        assertThat(written.status()).isEqualTo(201);
        long id = written.json().getJsonNumber("id").longValue();

        assertThat(written.json().getString("content")).isEqualTo("the key is [REDACTED:vault:OPENAI_API_KEY] for openai");
        for (HttpReply res : java.util.List.of(
                send("GET", "/v1/memory/" + id, null),
                send("GET", "/v1/memory", null),
                send("POST", "/v1/memory/search", "{\"query\":\"openai key\"}"),
                send("GET", "/v1/snapshot", null),
                send("POST", "/v1/tools/memory_search", "{\"query\":\"openai key\"}"),
                send("POST", "/v1/tools/memory_read", "{}"))) {
            assertThat(res.status()).isEqualTo(200);
            assertThat(res.text()).doesNotContain(SECRET).contains("[REDACTED:vault:OPENAI_API_KEY]");
        }
    }

    @Test
    void a_search_for_a_word_inside_a_secret_does_not_leak_it_through_the_snippet() {
        send("PUT", "/v1/vault/token", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        StringBuilder longContent = new StringBuilder("the live key is " + SECRET);
        for (int i = 0; i < 60; i++) {
            longContent.append(" filler").append(i);
        }
        send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"" + longContent + "\"}");

        for (HttpReply res : java.util.List.of(
                send("POST", "/v1/memory/search", "{\"query\":\"live\"}"),
                send("POST", "/v1/memory/search", "{\"query\":\"4f9a8b7c6d5e\"}"),
                send("POST", "/v1/tools/memory_search", "{\"query\":\"live\"}"))) {
            assertThat(res.status()).isEqualTo(200);
            assertThat(res.text()).doesNotContain("4f9a8b7c6d5e").doesNotContain("sk-live").contains("[REDACTED:vault:token]");
        }
    }

    @Test
    void a_secret_in_a_problem_body_is_redacted() {
        send("PUT", "/v1/vault/token", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");

        HttpReply res = send("POST", "/v1/memory", "{\"category\":\"lesson\",\"" + SECRET + "\":1}");

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).doesNotContain(SECRET).contains("[REDACTED:vault:token]");
    }

    @Test
    void a_secret_with_json_special_characters_is_redacted_inside_json() {
        String pem = "-----BEGIN KEY-----\nabc\"def\\ghi\n-----END KEY-----";
        send("PUT", "/v1/vault/pem", "{\"value\":\"" + pem.replace("\\", "\\\\").replace("\"", "\\\"")
                .replace("\n", "\\n") + "\",\"is_secret\":true}");
        send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"key: " + pem.replace("\\", "\\\\")
                .replace("\"", "\\\"").replace("\n", "\\n") + "\"}");

        HttpReply list = send("GET", "/v1/memory", null);
        assertThat(list.json().getJsonArray("memories").getJsonObject(0).getString("content"))
                .isEqualTo("key: [REDACTED:vault:pem]");
        // The snapshot puts each memory on one line: the key's newlines become spaces there.
        assertThat(send("GET", "/v1/snapshot", null).text()).contains("key: [REDACTED:vault:pem]")
                .doesNotContain("abc\"def");
        assertThat(send("GET", "/v1/vault/pem", null).json().getString("value")).isEqualTo(pem);
    }

    @Test
    void deleting_a_secret_stops_its_redaction() {
        send("PUT", "/v1/vault/token", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"" + SECRET + "\"}");
        send("DELETE", "/v1/vault/token", null);

        assertThat(send("GET", "/v1/memory", null).text()).contains(SECRET);
    }
}
