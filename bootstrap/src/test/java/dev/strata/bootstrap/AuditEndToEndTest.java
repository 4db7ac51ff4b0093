package dev.strata.bootstrap;

import dev.strata.domain.MutableClock;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every write audited, with who did it, on the whole server and its SQLite file: the actor header on
 * the row and in {@code GET /v1/audit}, the purge job by {@code system:purge}, never a secret; and
 * "why is this in my prompt" answered from the same file.
 */
class AuditEndToEndTest {

    private static final String TENANT = "e2e-audit";
    private static final String SECRET = "sk-live-4f9a8b7c6d5e";

    @RegisterExtension
    final StrataServerExtension server = StrataServerExtension.startedByTest();

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T09:00:00Z"));

    private HttpResponse<String> send(String method, String path, String body, String actor) {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.http().uri(path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("X-Strata-Tenant", TENANT);
        if (actor != null) {
            b.header("X-Strata-Actor", actor);
        }
        return server.http().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private List<JsonObject> trail(String query) {
        return Http.json(send("GET", "/v1/audit" + query, null, null)).getJsonArray("entries")
                .getValuesAs(JsonObject.class);
    }

    @Test
    void writes_name_their_actor_the_purge_names_the_job_and_no_secret_reaches_the_trail() {
        server.start(UnaryOperator.identity(), clock);
        long id = Http.json(send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"size down in chop\"}",
                "agent-7")).getJsonNumber("id").longValue();
        assertThat(send("PUT", "/v1/vault/OPENAI_API_KEY", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}",
                "ada").statusCode()).isEqualTo(200);
        assertThat(send("POST", "/v1/tools/memory_write", "{\"category\":\"fact\",\"content\":\"weekly charts\","
                + "\"source\":\"user_explicit\"}", "session:42").statusCode()).isEqualTo(200);
        assertThat(send("DELETE", "/v1/memory/" + id, null, "ada").statusCode()).isEqualTo(204);
        assertThat(Http.json(send("GET", "/v1/memory/" + id, null, null)).getString("type", "")).contains("not-found");

        clock.advance(Duration.ofDays(31));
        assertThat(server.strata().core().memory().memories().purgeExpired()).isEqualTo(1);

        List<JsonObject> trail = trail("?limit=500");
        assertThat(trail).extracting(e -> e.getString("action"), e -> e.getString("actor")).containsExactly(
                org.assertj.core.groups.Tuple.tuple("memory.purge", "system:purge"),
                org.assertj.core.groups.Tuple.tuple("memory.delete", "ada"),
                org.assertj.core.groups.Tuple.tuple("fact.record", "session:42"),
                org.assertj.core.groups.Tuple.tuple("vault.set", "ada"),
                org.assertj.core.groups.Tuple.tuple("memory.write", "agent-7"));
        assertThat(trail.get(0).getString("detail")).contains("memory:" + id);
        assertThat(trail.get(2).getString("detail")).contains("user_explicit");
        assertThat(send("GET", "/v1/audit?limit=500", null, null).body()).doesNotContain(SECRET);
        assertThat(trail("?subject=memory:" + id)).extracting(e -> e.getString("action"))
                .containsExactly("memory.delete", "memory.write");
    }

    @Test
    void the_snapshot_and_a_session_explain_every_line_they_hold() {
        server.start(UnaryOperator.identity(), clock);
        long pref = Http.json(send("POST", "/v1/memory", "{\"category\":\"preference\",\"content\":\"0.5% slippage\"}",
                "ada")).getJsonNumber("id").longValue();
        clock.advance(Duration.ofMinutes(1));
        send("POST", "/v1/memory", "{\"category\":\"context\",\"content\":\"migration in progress\"}", "agent-7");
        String session = Http.json(send("POST", "/v1/sessions", null, null)).getString("id");
        send("DELETE", "/v1/memory/" + pref, null, "ada");

        JsonObject now = Http.json(send("GET", "/v1/snapshot/explain", null, null));
        JsonObject frozen = Http.json(send("GET", "/v1/sessions/" + session + "/explain", null, null));

        assertThat(now.getJsonArray("lines").getValuesAs(JsonObject.class)).extracting(l -> l.getString("text"))
                .containsExactlyElementsOf(List.of(send("GET", "/v1/snapshot", null, null).body().split("\n", -1)));
        List<JsonObject> frozenMemories = frozen.getJsonArray("lines").getValuesAs(JsonObject.class).stream()
                .filter(l -> l.getString("kind").equals("memory")).toList();
        assertThat(frozenMemories).extracting(l -> l.getString("rule"), l -> l.getString("text")).containsExactly(
                org.assertj.core.groups.Tuple.tuple("user_stated", "[preference] 0.5% slippage"),
                org.assertj.core.groups.Tuple.tuple("context", "[context] migration in progress"));
        String prompt = send("GET", "/v1/sessions/" + session + "/prompt", null, null).body();
        assertThat(prompt).contains("[preference] 0.5% slippage\n[context] migration in progress");
    }
}
