package dev.strata.bootstrap;

import dev.strata.application.access.IssuedKey;
import dev.strata.bootstrap.server.ServerSettings;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Classification;
import dev.strata.domain.role.Reflection;
import dev.strata.domain.role.RoleMemoryId;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.StringReader;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cross-tenant suite (spec 02, "Security and Isolation"): the whole server, authentication on,
 * tenant {@code alpha} holding data and tenant {@code beta}'s key trying every endpoint with alpha's
 * ids, keys and queries. Every answer must be a refusal or beta's own (empty) data, no body may carry
 * any of alpha's data, and alpha's data must be exactly as before. Adding an endpoint is one line in
 * {@link #PROBES}.
 */
class CrossTenantAccessTest {

    private static final String SECRET = "alpha-secret-0123456789";
    /** Every piece of alpha's data carries this marker, so a leak anywhere is one substring check. */
    private static final String MARKER = "alpha-marker";
    /** A manual role declared in the server's role files: alpha's decision of it is reflected by hand. */
    private static final String ROLE = "research.thesis";

    /**
     * One request per endpoint; {id} is alpha's live memory, {deleted} alpha's soft-deleted one,
     * {session} alpha's frozen session, {fact} alpha's recorded fact; alpha's keyed memory is "alpha-key";
     * {methodology}, {trade}, {case}, {preference} and {learning} are alpha's learning-loop rows; {run} is
     * alpha's strategy run; {entry} is alpha's reflected role-memory entry.
     */
    static final List<String[]> PROBES = List.of(
            probe("GET /v1/memory/{id}"),
            probe("PATCH /v1/memory/{id}", "{\"content\":\"hijacked\"}"),
            probe("DELETE /v1/memory/{id}"),
            probe("POST /v1/memory/{deleted}/restore"),
            probe("GET /v1/memory"),
            probe("GET /v1/memory?category=lesson&limit=50"),
            probe("POST /v1/memory/search", "{\"query\":\"lighthouse\"}"),
            probe("POST /v1/memory", "{\"category\":\"lesson\",\"content\":\"beta lighthouse\"}"),
            probe("POST /v1/memory/batch", "{\"memories\":[{\"category\":\"lesson\",\"content\":\"beta lighthouse\"}]}"),
            probe("GET /v1/snapshot"),
            probe("GET /v1/profile"),
            probe("GET /v1/profile/alpha_pref"),
            probe("PUT /v1/profile/alpha_pref", "{\"value\":\"hijacked\"}"),
            probe("DELETE /v1/profile/alpha_pref"),
            probe("GET /v1/vault"),
            probe("GET /v1/vault/ALPHA_TOKEN"),
            probe("GET /v1/vault/alpha_plain"),
            probe("PUT /v1/vault/alpha_plain", "{\"value\":\"hijacked\"}"),
            probe("DELETE /v1/vault/ALPHA_TOKEN"),
            probe("POST /v1/tools/memory_search", "{\"query\":\"lighthouse\"}"),
            probe("POST /v1/tools/memory_read", "{}"),
            probe("POST /v1/tools/memory_write", "{\"category\":\"lesson\",\"content\":\"beta tool lighthouse\"}"),
            probe("POST /v1/tools/vault_get", "{\"key\":\"ALPHA_TOKEN\"}"),
            probe("POST /v1/tools/vault_list", "{}"),
            probe("POST /v1/tools/vault_set", "{\"key\":\"alpha_plain\",\"value\":\"hijacked\"}"),
            probe("POST /v1/tools/vault_delete", "{\"key\":\"alpha_plain\"}"),
            probe("GET /v1/memory/history?key=alpha-key"),
            probe("DELETE /v1/memory?key=alpha-key"),
            probe("POST /v1/memory?probe=keyed", "{\"key\":\"alpha-key\",\"category\":\"decision\",\"content\":\"beta\"}"),
            probe("POST /v1/tools/memory_save", "{\"key\":\"alpha-key\",\"content\":\"beta lighthouse\","
                    + "\"supersede_reason\":\"beta's own key of that name\"}"),
            probe("POST /v1/tools/memory_delete", "{\"key\":\"alpha-key\"}"),
            probe("POST /v1/tools/memory_list", "{}"),
            probe("GET /v1/snapshot/budget"),
            probe("POST /v1/sessions"),
            probe("GET /v1/sessions/{session}"),
            probe("GET /v1/sessions/{session}/prompt"),
            probe("GET /v1/facts"),
            probe("GET /v1/facts/{fact}"),
            probe("GET /v1/facts/{fact}/events"),
            probe("POST /v1/facts", "{\"content\":\"beta lighthouse fact\"}"),
            probe("GET /v1/model/spend"),
            probe("GET /v1/entities/top"),
            probe("GET /v1/entities/top?kind=ticker&limit=100"),
            probe("GET /v1/entities/BTC/neighborhood"),
            probe("GET /v1/entities/BTC%7CETH/neighborhood?limit=100"),
            probe("GET /v1/entities/base/neighborhood?kind=chain"),
            probe("GET /v1/audit"),
            probe("GET /v1/audit?actor=" + MARKER + "-agent&limit=500"),
            probe("GET /v1/audit?subject=memory:{id}"),
            probe("GET /v1/snapshot/explain"),
            probe("GET /v1/sessions/{session}/explain"),
            probe("GET /observe/metrics"),
            probe("PATCH /v1/profile", "{\"custom_prompt\":\"hijacked\"}"),
            probe("GET /v1/profile/tags"),
            probe("PUT /v1/profile/tags/risk", "{\"value\":\"aggressive\"}"),
            probe("DELETE /v1/profile/tags/style"),
            probe("GET /v1/profile/onboarding"),
            probe("POST /v1/profile/onboarding", "{\"answers\":{\"risk\":\"aggressive\"}}"),
            probe("GET /v1/profile/capital"),
            probe("POST /v1/profile/capital/recompute"),
            probe("GET /v1/profile/strategy-runs"),
            probe("POST /v1/profile/strategy-runs/{run}/stop", "{}"),
            probe("POST /v1/profile/strategy-runs/{run}/pnl", "{\"realized_pnl_usd\":1}"),
            probe("POST /v1/profile/strategy-runs/reconcile", "{\"running\":[]}"),
            probe("POST /v1/tools/personalization_snapshot", "{}"),
            probe("POST /v1/tools/search_conversation_memory", "{\"query\":\"lighthouse capital\"}"),
            probe("POST /v1/sessions/{session}/turn", "{\"message\":\"should I use leverage on memes?\"}"),
            probe("GET /v1/methodologies"),
            probe("GET /v1/methodologies/{methodology}"),
            probe("POST /v1/methodologies/{methodology}/approve"),
            probe("POST /v1/methodologies/{methodology}/quarantine"),
            probe("POST /v1/methodologies", "{\"asset_class\":\"crypto_major\",\"title\":\"beta lighthouse\","
                    + "\"body\":\"beta's own method\"}"),
            probe("POST /v1/methodologies/synthesize"),
            probe("GET /v1/trades"),
            probe("GET /v1/trades/{trade}"),
            probe("POST /v1/trades/{trade}/outcome", "{\"exit_price\":1}"),
            probe("POST /v1/trades", "{\"asset\":\"BTC\",\"asset_class\":\"crypto_major\",\"side\":\"long\","
                    + "\"size\":1,\"entry_price\":100,\"methodology_ids\":[{methodology}],\"hint_hash\":\"h\"}"),
            probe("GET /v1/cases"),
            probe("GET /v1/cases/{case}"),
            probe("POST /v1/cases", "{\"trade_id\":{trade},\"methodology_ids\":[{methodology}],\"hint_hash\":\"h\"}"),
            probe("GET /v1/preferences"),
            probe("GET /v1/preferences/{preference}"),
            probe("POST /v1/preferences/{preference}/approve"),
            probe("POST /v1/preferences/{preference}/reject"),
            probe("POST /v1/preferences/{preference}/deactivate"),
            probe("POST /v1/preferences/mine"),
            probe("POST /v1/preferences", "{\"dimension\":\"leverage\",\"content\":\"beta lighthouse cap\"}"),
            probe("GET /v1/learnings"),
            probe("GET /v1/learnings?query=lighthouse"),
            probe("GET /v1/learnings/{learning}"),
            probe("POST /v1/learnings", "{\"task\":\"beta lighthouse\",\"steps\":\"beta's own steps\"}"),
            probe("GET /v1/compiled/BTC"),
            probe("POST /v1/tools/methodology_get", "{\"id\":{methodology}}"),
            probe("POST /v1/tools/methodology_list", "{}"),
            probe("POST /v1/tools/trade_outcome", "{\"trade_id\":{trade},\"exit_price\":1}"),
            probe("POST /v1/tools/case_record", "{\"trade_id\":{trade},\"methodology_ids\":[{methodology}],"
                    + "\"hint_hash\":\"h\"}"),
            probe("POST /v1/tools/preference_list", "{}"),
            probe("POST /v1/tools/learning_search", "{\"query\":\"lighthouse\"}"),
            probe("POST /v1/tools/memory_compiled_page", "{\"entity\":\"BTC\"}"),
            probe("GET /v1/conversations/alpha-chat"),
            probe("DELETE /v1/conversations/alpha-chat"),
            probe("POST /v1/conversations/alpha-chat/messages", "{\"messages\":[{\"id\":\"m1\",\"role\":\"user\","
                    + "\"content\":\"beta lighthouse\"}]}"),
            probe("POST /v1/trading/perps-fills", "{\"fills\":[{\"sub_account_id\":\"0xalpha\",\"oid\":1,"
                    + "\"ts_ms\":1767600000000,\"symbol\":\"BTC\",\"side\":\"B\",\"size\":9,\"price\":1,\"tid\":1}]}"),
            probe("POST /v1/trading/spot-activities", "{\"activities\":[{\"tx_hash\":\"0xalpha\",\"ts_ms\":1,"
                    + "\"type\":\"swap\"}]}"),
            probe("GET /v1/trading/trades?asset=BTC"),
            probe("GET /v1/trading/profile"),
            probe("GET /v1/trading/sync-state"),
            probe("POST /v1/profile/refresh"),
            probe("POST /v1/tools/search_user_trades", "{\"asset\":\"BTC\"}"),
            probe("GET /v1/roles"),
            probe("GET /v1/roles/" + ROLE),
            probe("POST /v1/roles/" + ROLE + "/decisions", "{\"decision\":\"beta lighthouse thesis\",\"asset\":\"BTC\"}"),
            probe("POST /v1/roles/" + ROLE + "/reflect"),
            probe("GET /v1/roles/" + ROLE + "/recall"),
            probe("GET /v1/roles/" + ROLE + "/recall?query=lighthouse"),
            probe("GET /v1/role-memory/{entry}"),
            probe("POST /v1/role-memory/{entry}/outcome", "{\"outcome\":\"hijacked\"}"),
            probe("POST /v1/role-memory/{entry}/evidence", "{\"kind\":\"news\",\"text\":\"hijacked\"}"),
            probe("POST /v1/prices", "{\"prices\":[{\"asset\":\"BTC\",\"price\":1}]}"),
            probe("POST /v1/tools/role_record", "{\"role\":\"" + ROLE + "\",\"decision\":\"beta lighthouse\"}"),
            probe("POST /v1/tools/role_reflect", "{\"role\":\"" + ROLE + "\"}"),
            probe("POST /v1/tools/role_recall", "{\"role\":\"" + ROLE + "\",\"query\":\"lighthouse\"}"),
            probe("POST /v1/tools/price_report", "{\"asset\":\"BTC\",\"price\":1}"),
            probe("POST /v1/sessions?skills=1", "{\"skills\":[\"research.thesis\"]}"));

    /** Authentication required even on loopback. */
    private static final UnaryOperator<StrataSettings> REQUIRE_AUTH =
            s -> s.with(new ServerSettings(s.server().gateway().withRequireAuth(true)));

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.startedByTest();
    private static String alphaKey;
    private static String betaKey;
    private static String adminKey;
    private static String revokedKey;
    private static long id;
    private static long deleted;
    private static String session;
    private static long fact;
    private static long methodology;
    private static long trade;
    private static long decision;
    private static long preference;
    private static long learning;
    private static long run;
    private static long entry;
    private static String alphaBaseline;
    private static final List<LogRecord> LOGGED = new CopyOnWriteArrayList<>();
    private static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (isLoggable(record)) {
                LOGGED.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private static String[] probe(String request) {
        return new String[] {request, null};
    }

    private static String[] probe(String request, String body) {
        return new String[] {request, body};
    }

    static Stream<String> probes() {
        return PROBES.stream().map(p -> p[0]);
    }

    @BeforeAll
    static void start() throws Exception {
        Files.writeString(Files.createDirectories(server.directory().resolve("data/roles")).resolve("research.yaml"), """
                skill: research.thesis
                roles:
                  - id: research.thesis
                    label: Investment thesis
                    failureModes: [narrative over numbers]
                    reflectionPrompt: "Thesis {decision} on {asset}: {pnl} ({type}). One lesson."
                    reflectionPolicy:
                      outcomeProbe: {kind: manual}
                      minAgeHours: 0
                      maxAgeHours: 8760
                """);
        try (StrataCore core = server.open(REQUIRE_AUTH)) {
            var access = core.access().access();
            alphaKey = access.create(Tenant.of("alpha"), false, TestActors.OPERATOR_ACTOR).token().value();
            betaKey = access.create(Tenant.of("beta"), false, TestActors.OPERATOR_ACTOR).token().value();
            adminKey = access.create(Tenant.of("ops"), true, TestActors.OPERATOR_ACTOR).token().value();
            IssuedKey revoked = access.create(Tenant.of("alpha"), false, TestActors.OPERATOR_ACTOR);
            access.revoke(revoked.key().id(), TestActors.OPERATOR_ACTOR);
            revokedKey = revoked.token().value();
        }
        Logger.getLogger("").addHandler(CAPTURE);
        server.start(REQUIRE_AUTH);

        id = json(as(alphaKey, "POST /v1/memory", "{\"category\":\"lesson\",\"content\":\"" + MARKER
                + " lighthouse keeper notes; token " + SECRET + "\"}")).getJsonNumber("id").longValue();
        deleted = json(as(alphaKey, "POST /v1/memory", "{\"category\":\"lesson\",\"content\":\"" + MARKER
                + " deleted lighthouse\"}")).getJsonNumber("id").longValue();
        assertThat(as(alphaKey, "DELETE /v1/memory/" + deleted, null).statusCode()).isEqualTo(204);
        assertThat(send("POST /v1/memory", "{\"category\":\"decision\",\"content\":\"" + MARKER
                + " bought BTC and ETH on base\"}", "Authorization", "Bearer " + alphaKey, "X-Strata-Actor",
                MARKER + "-agent").statusCode()).isEqualTo(201);
        assertThat(as(alphaKey, "PUT /v1/profile/alpha_pref", "{\"value\":\"" + MARKER + " profile\"}").statusCode())
                .isEqualTo(200);
        assertThat(as(alphaKey, "PUT /v1/vault/alpha_plain", "{\"value\":\"" + MARKER + " vault\"}").statusCode())
                .isEqualTo(200);
        assertThat(as(alphaKey, "PUT /v1/vault/ALPHA_TOKEN", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}")
                .statusCode()).isEqualTo(200);
        assertThat(as(alphaKey, "POST /v1/tools/memory_save", "{\"key\":\"alpha-key\",\"type\":\"decision\","
                + "\"content\":\"" + MARKER + " keyed decision\"}").statusCode()).isEqualTo(200);
        fact = json(as(alphaKey, "POST /v1/facts", "{\"content\":\"" + MARKER + " prefers lighthouses\"}"))
                .getJsonNumber("id").longValue();
        assertThat(as(alphaKey, "POST /v1/profile/onboarding", "{\"answers\":{\"risk\":\"conservative\","
                + "\"markets\":[\"memes\"],\"investing_capital\":\"" + MARKER + " lighthouse capital 5k\"}}")
                .statusCode()).isEqualTo(200);
        assertThat(as(alphaKey, "PATCH /v1/profile", "{\"custom_prompt\":\"" + MARKER + " instructions\"}").statusCode())
                .isEqualTo(200);
        assertThat(as(alphaKey, "PUT /v1/profile/tags/style", "{\"value\":\"technical\"}").statusCode()).isEqualTo(200);
        assertThat(as(alphaKey, "POST /v1/profile/capital", "{\"spot_holdings_usd\":777777,\"perp_value_usd\":1}")
                .statusCode()).isEqualTo(200);
        run = json(as(alphaKey, "POST /v1/profile/strategy-runs", "{\"strategy_id\":\"" + MARKER + "-grid\","
                + "\"allocated_usd\":5}")).getJsonNumber("id").longValue();
        session = json(as(alphaKey, "POST /v1/sessions", null)).getString("id");
        methodology = json(as(alphaKey, "POST /v1/methodologies", "{\"asset_class\":\"crypto_major\",\"title\":\""
                + MARKER + " dip\",\"body\":\"Buy BTC after a 20% drawdown.\"}")).getJsonObject("methodology")
                .getJsonNumber("id").longValue();
        JsonObject recorded = json(as(alphaKey, "POST /v1/trades", "{\"asset\":\"BTC\",\"asset_class\":\"crypto_major\","
                + "\"side\":\"long\",\"size\":1,\"entry_price\":100,\"methodology_ids\":[" + methodology
                + "],\"hint_hash\":\"h1\",\"decision\":\"" + MARKER + " call\"}"));
        trade = recorded.getJsonObject("trade").getJsonNumber("id").longValue();
        decision = recorded.getJsonObject("case").getJsonNumber("id").longValue();
        preference = json(as(alphaKey, "POST /v1/preferences", "{\"dimension\":\"leverage\",\"content\":\""
                + MARKER + " never above 2x on BTC\",\"kind\":\"hard_constraint\"}")).getJsonObject("preference")
                .getJsonNumber("id").longValue();
        learning = json(as(alphaKey, "POST /v1/learnings", "{\"task\":\"" + MARKER + " lighthouse bridge\","
                + "\"steps\":\"approve, bridge\"}")).getJsonObject("learning").getJsonNumber("id").longValue();
        assertThat(as(alphaKey, "POST /v1/conversations/alpha-chat/messages", "{\"messages\":[{\"id\":\"m1\","
                + "\"role\":\"user\",\"content\":\"" + MARKER + " my lighthouse plan\"}]}").statusCode()).isEqualTo(200);
        assertThat(as(alphaKey, "POST /v1/trading/perps-fills", "{\"fills\":[{\"sub_account_id\":\"0xalpha\","
                + "\"oid\":1,\"ts_ms\":1767600000000,\"symbol\":\"BTC\",\"side\":\"B\",\"size\":1,\"price\":60000,"
                + "\"tid\":1,\"dir\":\"" + MARKER + "\"}]}").statusCode()).isEqualTo(200);
        assertThat(as(alphaKey, "POST /v1/trading/spot-activities", "{\"activities\":[{\"tx_hash\":\"0xalpha\","
                + "\"ts_ms\":1,\"type\":\"swap\",\"from_token\":\"" + MARKER + "\"}]}").statusCode()).isEqualTo(200);
        // alpha's fills nudge the markets tag in the background: the baseline waits for it.
        Http.await("alpha's markets tag", () -> as(alphaKey, "GET /v1/profile/tags", null).body()
                .contains("crypto_majors"));
        entry = json(as(alphaKey, "POST /v1/roles/" + ROLE + "/decisions", "{\"decision\":\"" + MARKER
                + " thesis: BTC as collateral\",\"asset\":\"BTC\",\"inputs\":{\"note\":\"" + MARKER + "\"}}"))
                .getJsonNumber("id").longValue();
        assertThat(as(alphaKey, "POST /v1/prices", "{\"prices\":[{\"asset\":\"BTC\",\"price\":100,\"source\":\""
                + MARKER + "\"}]}").statusCode()).isEqualTo(200);
        // No model in this server: alpha's lesson is stored the way a reflection stores it.
        new dev.strata.adapters.sqlite.SqliteRoleMemoryStore(server.strata().core().database()).reflect(Tenant.of("alpha"),
                RoleMemoryId.of(entry), new Reflection(Classification.LOGIC_ERROR, MARKER + " narrative",
                        Optional.of(MARKER + " lesson."), "stub", Instant.now()));
        // The fact settles in the background; the baseline is taken once it has.
        Http.await("alpha's fact to settle", () -> !json(as(alphaKey, "GET /v1/facts/" + fact, null))
                .getString("status").equals("pending"));
        alphaBaseline = alphaState();
    }

    @AfterAll
    static void stop() {
        Logger.getLogger("").removeHandler(CAPTURE);
    }

    /** Everything alpha can see, read with alpha's own key: must not change whatever beta does. */
    private static String alphaState() {
        List<String> parts = new ArrayList<>();
        for (String read : List.of("GET /v1/memory?limit=500", "GET /v1/memory/" + id, "GET /v1/profile",
                "GET /v1/vault", "GET /v1/vault/ALPHA_TOKEN", "GET /v1/vault/alpha_plain",
                "GET /v1/snapshot", "GET /v1/memory/history?key=alpha-key", "GET /v1/facts/" + fact,
                "GET /v1/sessions/" + session + "/prompt", "GET /v1/entities/top",
                "GET /v1/entities/BTC/neighborhood", "GET /v1/methodologies?limit=500", "GET /v1/trades?limit=500",
                "GET /v1/cases?limit=500", "GET /v1/preferences?limit=500", "GET /v1/learnings?limit=500",
                "GET /v1/profile/tags", "GET /v1/profile/onboarding", "GET /v1/profile/capital",
                "GET /v1/profile/strategy-runs",
                "GET /v1/conversations/alpha-chat", "GET /v1/trading/trades?asset=BTC", "GET /v1/trading/sync-state",
                "GET /v1/audit?limit=500", "GET /v1/snapshot/explain", "GET /v1/sessions/" + session + "/explain",
                "GET /v1/role-memory/" + entry, "GET /v1/roles/" + ROLE + "/recall",
                "GET /v1/roles/" + ROLE + "/recall?query=thesis")) {
            HttpResponse<String> res = as(alphaKey, read, null);
            parts.add(read + " -> " + res.statusCode() + " " + res.body());
        }
        parts.add("deleted -> " + as(alphaKey, "GET /v1/memory/" + deleted, null).statusCode());
        return String.join("\n", parts);
    }

    private static String[] find(String request) {
        return PROBES.stream().filter(p -> p[0].equals(request)).findFirst().orElseThrow();
    }

    private static HttpResponse<String> sendProbe(String request, String... headers) {
        String[] p = find(request);
        return send(resolve(p[0]), p[1] == null ? null : resolve(p[1]), headers);
    }

    private static String resolve(String template) {
        return template.replace("{id}", Long.toString(id)).replace("{deleted}", Long.toString(deleted))
                .replace("{session}", session).replace("{fact}", Long.toString(fact))
                .replace("{methodology}", Long.toString(methodology)).replace("{trade}", Long.toString(trade))
                .replace("{case}", Long.toString(decision)).replace("{preference}", Long.toString(preference))
                .replace("{learning}", Long.toString(learning)).replace("{run}", Long.toString(run))
                .replace("{entry}", Long.toString(entry));
    }

    private static HttpResponse<String> as(String key, String request, String body) {
        return send(request, body, "Authorization", "Bearer " + key);
    }

    private static HttpResponse<String> send(String request, String body, String... headers) {
        String[] methodAndPath = request.split(" ", 2);
        HttpRequest.Builder b = HttpRequest.newBuilder(server.http().uri(methodAndPath[1]))
                .method(methodAndPath[0], body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return server.http().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonObject json(HttpResponse<String> res) {
        return Json.createReader(new StringReader(res.body())).readObject();
    }

    private static void assertNothingOfAlphaIn(HttpResponse<String> res) {
        // The key name may come back (a 404 echoes what was asked for); a redaction label would mean the value did.
        assertThat(res.body()).doesNotContain(MARKER).doesNotContain(SECRET).doesNotContain("[REDACTED:vault:ALPHA_TOKEN]")
                .doesNotContain("777778");
        assertThat(res.statusCode()).isLessThan(500);
    }

    @ParameterizedTest(name = "beta''s key: {0}")
    @MethodSource("probes")
    void betas_key_gets_only_refusals_or_its_own_data_and_alpha_is_unchanged(String request) {
        HttpResponse<String> res = sendProbe(request, "Authorization", "Bearer " + betaKey);

        if (res.statusCode() == 400) {
            // alpha's id inside a body reads like a missing one: a 400 naming that field (the collection is the resource)
            assertThat(json(res).getString("field")).as(request + " " + res.body())
                    .isIn("trade_id", "methodology_ids[0]");
        } else if (request.equals("GET /observe/metrics")) {
            // metrics count every tenant's activity: admin keys only (issue 13), so a tenant key is refused
            assertThat(res.statusCode()).as(request + " " + res.body()).isEqualTo(403);
        } else {
            assertThat(res.statusCode()).as(request + " " + res.body()).isIn(200, 201, 202, 204, 404);
        }
        assertNothingOfAlphaIn(res);
        assertThat(alphaState()).isEqualTo(alphaBaseline);
    }

    @ParameterizedTest(name = "beta''s key naming alpha: {0}")
    @MethodSource("probes")
    void betas_key_naming_alpha_is_forbidden(String request) {
        HttpResponse<String> res = sendProbe(request, "Authorization", "Bearer " + betaKey, "X-Strata-Tenant", "alpha");

        assertThat(res.statusCode()).as(request).isEqualTo(403);
        assertThat(json(res).getString("type")).isEqualTo("urn:strata:problem:forbidden");
        assertNothingOfAlphaIn(res);
        assertThat(alphaState()).isEqualTo(alphaBaseline);
    }

    @ParameterizedTest(name = "missing, bad or revoked key: {0}")
    @MethodSource("probes")
    void without_a_valid_key_every_endpoint_is_401(String request) {
        String wrong = alphaKey.substring(0, alphaKey.length() - 3) + (alphaKey.endsWith("AAA") ? "BBB" : "AAA");
        for (String[] headers : new String[][] {{}, {"Authorization", "Bearer " + wrong},
                {"Authorization", "Bearer " + revokedKey}, {"X-Strata-Key", "sk_strata_nonsense"},
                {"X-Strata-Tenant", "alpha"}}) {
            HttpResponse<String> res = sendProbe(request, headers);
            assertThat(res.statusCode()).as(request + " with " + String.join(" ", headers)).isEqualTo(401);
            assertThat(res.headers().firstValue("WWW-Authenticate").orElseThrow()).startsWith("Bearer");
            assertNothingOfAlphaIn(res);
        }
        assertThat(alphaState()).isEqualTo(alphaBaseline);
    }

    @Test
    void betas_entities_hold_nothing_of_alphas_edges() {
        assertThat(json(as(alphaKey, "GET /v1/entities/BTC/neighborhood", null)).getJsonArray("memories")).hasSize(1);
        assertThat(json(as(alphaKey, "GET /v1/entities/top", null)).getJsonArray("entities")).isNotEmpty();

        for (String read : List.of("GET /v1/entities/BTC/neighborhood", "GET /v1/entities/base/neighborhood",
                "GET /v1/entities/ETH/neighborhood?kind=ticker")) {
            assertThat(json(as(betaKey, read, null)).getJsonArray("memories")).as(read).isEmpty();
        }
        assertThat(json(as(betaKey, "GET /v1/entities/top", null)).getJsonArray("entities")).isEmpty();
        assertThat(alphaState()).isEqualTo(alphaBaseline);
    }

    @Test
    void only_an_admin_key_reads_alpha_s_audit_trail_and_nobody_reads_a_secret_in_it() {
        assertThat(as(alphaKey, "GET /v1/audit?limit=500", null).body()).contains(MARKER + "-agent")
                .doesNotContain(SECRET);

        for (String read : List.of("GET /v1/audit?tenant=alpha", "GET /v1/audit?tenant=*")) {
            HttpResponse<String> res = as(betaKey, read, null);
            assertThat(res.statusCode()).as(read).isEqualTo(403);
            assertNothingOfAlphaIn(res);
        }
        HttpResponse<String> admin = as(adminKey, "GET /v1/audit?tenant=alpha&limit=500", null);
        assertThat(admin.statusCode()).isEqualTo(200);
        assertThat(admin.body()).contains(MARKER + "-agent").doesNotContain(SECRET);
        assertThat(as(adminKey, "GET /v1/audit?tenant=*&limit=500", null).body()).contains("\"tenant\":\"alpha\"")
                .doesNotContain(SECRET);
        assertThat(alphaState()).isEqualTo(alphaBaseline);
    }

    @Test
    void an_admin_key_acts_in_any_tenant_it_names() {
        HttpResponse<String> asAlpha = send("GET /v1/memory/" + id, null, "Authorization", "Bearer " + adminKey,
                "X-Strata-Tenant", "alpha");
        assertThat(asAlpha.statusCode()).isEqualTo(200);
        assertThat(json(asAlpha).getString("content")).startsWith(MARKER);

        assertThat(as(adminKey, "GET /v1/memory/" + id, null).statusCode()).isEqualTo(404);
        assertThat(send("GET /v1/vault/ALPHA_TOKEN", null, "Authorization", "Bearer " + adminKey,
                "X-Strata-Tenant", "alpha").statusCode()).isEqualTo(200);
    }

    @Test
    void alphas_secret_is_redacted_from_every_output_except_the_explicit_vault_read() {
        String label = "[REDACTED:vault:ALPHA_TOKEN]";
        Map<String, HttpResponse<String>> outputs = Map.of(
                "memory get", as(alphaKey, "GET /v1/memory/" + id, null),
                "memory list", as(alphaKey, "GET /v1/memory", null),
                "search", as(alphaKey, "POST /v1/memory/search", "{\"query\":\"lighthouse keeper\"}"),
                "snapshot", as(alphaKey, "GET /v1/snapshot", null),
                "tool search", as(alphaKey, "POST /v1/tools/memory_search", "{\"query\":\"lighthouse keeper\"}"),
                "tool read", as(alphaKey, "POST /v1/tools/memory_read", "{}"),
                "vault list", as(alphaKey, "GET /v1/vault", null),
                "tool vault_get", as(alphaKey, "POST /v1/tools/vault_get", "{\"key\":\"ALPHA_TOKEN\"}"),
                "problem", as(alphaKey, "POST /v1/memory", "{\"" + SECRET + "\":1}"),
                "tool problem", as(alphaKey, "POST /v1/tools/memory_write", "{\"" + SECRET + "\":1}"));
        outputs.forEach((name, res) -> assertThat(res.body()).as(name).doesNotContain(SECRET));
        for (String name : List.of("memory get", "memory list", "search", "snapshot", "tool search", "tool read",
                "problem", "tool problem")) {
            assertThat(outputs.get(name).body()).as(name).contains(label);
        }
        assertThat(json(as(alphaKey, "GET /v1/vault/ALPHA_TOKEN", null)).getString("value")).isEqualTo(SECRET);
    }

    @Test
    void alphas_secret_copied_into_betas_memory_is_redacted_for_beta_without_naming_alphas_key() {
        HttpResponse<String> written = as(betaKey, "POST /v1/memory",
                "{\"category\":\"observation\",\"content\":\"beta found " + SECRET + " in a paste\"}");
        assertThat(written.statusCode()).isEqualTo(201);
        long betasId = json(written).getJsonNumber("id").longValue();

        Map<String, HttpResponse<String>> outputs = Map.of(
                "write answer", written,
                "memory get", as(betaKey, "GET /v1/memory/" + betasId, null),
                "search", as(betaKey, "POST /v1/memory/search", "{\"query\":\"beta found paste\"}"),
                "snapshot", as(betaKey, "GET /v1/snapshot", null));
        outputs.forEach((name, res) -> assertThat(res.body()).as(name).doesNotContain(SECRET)
                .doesNotContain("ALPHA_TOKEN").contains("[REDACTED:vault]"));
        assertThat(as(betaKey, "DELETE /v1/memory/" + betasId, null).statusCode()).isEqualTo(204);
    }

    @Test
    void vault_values_are_never_search_results() {
        // The plain value is "<MARKER> vault"; the word alone also finds redaction labels ([REDACTED:vault:...]),
        // which are memory text, so the value is looked for as its phrase. The secret, which a memory held
        // before it was stored as one, is looked for as its phrase and its one distinctive token.
        for (String query : new String[] {"\\\"" + MARKER + " vault\\\"", "\\\"alpha secret 0123456789\\\"",
            "0123456789"}) {
            HttpResponse<String> res = as(alphaKey, "POST /v1/memory/search", "{\"query\":\"" + query + "\"}");
            assertThat(json(res).getJsonArray("hits")).as(query).isEmpty();
        }
    }

    @Test
    void a_secret_logged_while_the_server_runs_is_redacted_in_the_log() {
        System.getLogger("dev.strata.test").log(System.Logger.Level.WARNING, "caller sent {0}", SECRET);

        assertThat(LOGGED).extracting(LogRecord::getMessage).anySatisfy(m ->
                assertThat(m).isEqualTo("caller sent [REDACTED:vault:ALPHA_TOKEN]"));
        assertThat(LOGGED).allSatisfy(r -> assertThat(r.getMessage()).doesNotContain(SECRET));
    }
}
