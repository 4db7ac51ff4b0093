package dev.strata.adapters.http;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static dev.strata.adapters.http.TestGateway.json;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code /v1/vault} and the vault tools on a real socket (authentication off: the header names the tenant). */
class VaultHttpServiceTest {

    private static final String SECRET = "sk-live-4f9a8b7c6d5e";
    private static final String[] ACME = {"X-Strata-Tenant", "acme"};

    private TestGateway gateway;

    @BeforeEach
    void start() {
        gateway = new TestGateway(false);
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    private HttpResponse<String> send(String method, String path, String body) {
        return gateway.send(method, path, body, ACME);
    }

    @Test
    void putListGetDeleteAKey() {
        HttpResponse<String> put = send("PUT", "/v1/vault/progress", "{\"value\":\"page 17\"}");
        assertThat(put.statusCode()).isEqualTo(200);
        assertThat(json(put).getString("value")).isEqualTo("page 17");
        assertThat(json(put).getBoolean("is_secret")).isFalse();

        JsonObject listed = json(send("GET", "/v1/vault", null)).getJsonArray("entries").getJsonObject(0);
        assertThat(listed.getString("key")).isEqualTo("progress");
        assertThat(listed.getString("value")).isEqualTo("page 17");

        assertThat(json(send("GET", "/v1/vault/progress", null)).getString("value")).isEqualTo("page 17");
        assertThat(send("DELETE", "/v1/vault/progress", null).statusCode()).isEqualTo(204);
        assertThat(send("GET", "/v1/vault/progress", null).statusCode()).isEqualTo(404);
        assertThat(send("DELETE", "/v1/vault/progress", null).statusCode()).isEqualTo(404);
    }

    @Test
    void aSecretIsReturnedOnlyByTheExplicitReadOfItsKey() {
        HttpResponse<String> put = send("PUT", "/v1/vault/OPENAI_API_KEY",
                "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        assertThat(put.statusCode()).isEqualTo(200);
        assertThat(put.body()).doesNotContain(SECRET);
        assertThat(json(put).containsKey("value")).isFalse();

        HttpResponse<String> list = send("GET", "/v1/vault", null);
        assertThat(list.body()).doesNotContain(SECRET).contains("\"is_secret\":true");

        HttpResponse<String> get = send("GET", "/v1/vault/OPENAI_API_KEY", null);
        assertThat(json(get).getString("value")).isEqualTo(SECRET);
    }

    @Test
    void theExplicitReadRevealsOnlyItsOwnSecret() {
        send("PUT", "/v1/vault/a", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        send("PUT", "/v1/vault/b", "{\"value\":\"prefix " + SECRET + " suffix\",\"is_secret\":false}");

        // b is plain, but contains a's secret: that part is still redacted in b's read.
        assertThat(json(send("GET", "/v1/vault/b", null)).getString("value"))
                .isEqualTo("prefix [REDACTED:vault:a] suffix");
    }

    @Test
    void badInputIsA400NamingTheField() {
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

    private static void assertField(HttpResponse<String> res, String field) {
        assertThat(res.statusCode()).as(res.body()).isEqualTo(400);
        assertThat(json(res).getString("field")).isEqualTo(field);
    }

    @Test
    void vaultToolsAnswerTheEnvelopeAndNeverShowASecretsValue() {
        HttpResponse<String> set = send("POST", "/v1/tools/vault_set",
                "{\"key\":\"token\",\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        assertThat(json(set).getBoolean("ok")).isTrue();
        assertThat(set.body()).doesNotContain(SECRET);
        send("POST", "/v1/tools/vault_set", "{\"key\":\"cursor\",\"value\":\"42\"}");

        HttpResponse<String> get = send("POST", "/v1/tools/vault_get", "{\"key\":\"token\"}");
        assertThat(json(get).getJsonObject("data").getBoolean("is_secret")).isTrue();
        assertThat(get.body()).doesNotContain(SECRET);
        assertThat(json(send("POST", "/v1/tools/vault_get", "{\"key\":\"cursor\"}")).getJsonObject("data")
                .getString("value")).isEqualTo("42");

        HttpResponse<String> list = send("POST", "/v1/tools/vault_list", "{}");
        assertThat(json(list).getJsonObject("data").getJsonArray("entries")).hasSize(2);
        assertThat(list.body()).doesNotContain(SECRET);

        HttpResponse<String> deleted = send("POST", "/v1/tools/vault_delete", "{\"key\":\"token\"}");
        assertThat(json(deleted).getJsonObject("data").getString("deleted")).isEqualTo("token");
        HttpResponse<String> missing = send("POST", "/v1/tools/vault_get", "{\"key\":\"token\"}");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(json(missing).getBoolean("ok")).isFalse();
        HttpResponse<String> bad = send("POST", "/v1/tools/vault_set", "{\"key\":\"k\"}");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(json(bad).getString("field")).isEqualTo("value");
    }

    @Test
    void aSecretCopiedIntoAMemoryComesBackRedactedFromEveryMemoryOutput() {
        send("PUT", "/v1/vault/OPENAI_API_KEY", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        HttpResponse<String> written = send("POST", "/v1/memory",
                "{\"category\":\"lesson\",\"content\":\"the key is " + SECRET + " for openai\"}");
        assertThat(written.statusCode()).isEqualTo(201);
        long id = json(written).getJsonNumber("id").longValue();

        assertThat(json(written).getString("content")).isEqualTo("the key is [REDACTED:vault:OPENAI_API_KEY] for openai");
        for (HttpResponse<String> res : java.util.List.of(
                send("GET", "/v1/memory/" + id, null),
                send("GET", "/v1/memory", null),
                send("POST", "/v1/memory/search", "{\"query\":\"openai key\"}"),
                send("GET", "/v1/snapshot", null),
                send("POST", "/v1/tools/memory_search", "{\"query\":\"openai key\"}"),
                send("POST", "/v1/tools/memory_read", "{}"))) {
            assertThat(res.statusCode()).isEqualTo(200);
            assertThat(res.body()).doesNotContain(SECRET).contains("[REDACTED:vault:OPENAI_API_KEY]");
        }
    }

    @Test
    void aSearchForAWordInsideASecretDoesNotLeakItThroughTheSnippet() {
        send("PUT", "/v1/vault/token", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        StringBuilder longContent = new StringBuilder("the live key is " + SECRET);
        for (int i = 0; i < 60; i++) {
            longContent.append(" filler").append(i);
        }
        send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"" + longContent + "\"}");

        for (HttpResponse<String> res : java.util.List.of(
                send("POST", "/v1/memory/search", "{\"query\":\"live\"}"),
                send("POST", "/v1/memory/search", "{\"query\":\"4f9a8b7c6d5e\"}"),
                send("POST", "/v1/tools/memory_search", "{\"query\":\"live\"}"))) {
            assertThat(res.statusCode()).isEqualTo(200);
            assertThat(res.body()).doesNotContain("4f9a8b7c6d5e").doesNotContain("sk-live").contains("[REDACTED:vault:token]");
        }
    }

    @Test
    void aSecretInAProblemBodyIsRedacted() {
        send("PUT", "/v1/vault/token", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");

        HttpResponse<String> res = send("POST", "/v1/memory", "{\"category\":\"lesson\",\"" + SECRET + "\":1}");

        assertThat(res.statusCode()).isEqualTo(400);
        assertThat(res.body()).doesNotContain(SECRET).contains("[REDACTED:vault:token]");
    }

    @Test
    void aSecretWithJsonSpecialCharactersIsRedactedInsideJson() {
        String pem = "-----BEGIN KEY-----\nabc\"def\\ghi\n-----END KEY-----";
        send("PUT", "/v1/vault/pem", "{\"value\":\"" + pem.replace("\\", "\\\\").replace("\"", "\\\"")
                .replace("\n", "\\n") + "\",\"is_secret\":true}");
        send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"key: " + pem.replace("\\", "\\\\")
                .replace("\"", "\\\"").replace("\n", "\\n") + "\"}");

        HttpResponse<String> list = send("GET", "/v1/memory", null);
        assertThat(json(list).getJsonArray("memories").getJsonObject(0).getString("content"))
                .isEqualTo("key: [REDACTED:vault:pem]");
        // The snapshot puts each memory on one line: the key's newlines become spaces there.
        assertThat(send("GET", "/v1/snapshot", null).body()).contains("key: [REDACTED:vault:pem]")
                .doesNotContain("abc\"def");
        assertThat(json(send("GET", "/v1/vault/pem", null)).getString("value")).isEqualTo(pem);
    }

    @Test
    void deletingASecretStopsItsRedaction() {
        send("PUT", "/v1/vault/token", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}");
        send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"" + SECRET + "\"}");
        send("DELETE", "/v1/vault/token", null);

        assertThat(send("GET", "/v1/memory", null).body()).contains(SECRET);
    }
}
