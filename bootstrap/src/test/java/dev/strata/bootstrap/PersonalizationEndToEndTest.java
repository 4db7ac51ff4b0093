package dev.strata.bootstrap;

import dev.strata.bootstrap.personalization.PersonalizationSettings;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The personalization area on the whole server, a real socket and a real SQLite file, with intent
 * gating on: onboarding and tags reach a session's prompt, the cached prefix stays byte-identical
 * whatever a turn needs, everything survives a restart, and the CLI reads and writes the same rows.
 */
class PersonalizationEndToEndTest {

    @RegisterExtension
    final StrataServerExtension server = StrataServerExtension.startedByTest();

    private static StrataSettings gated(StrataSettings s) {
        return s.with(s.personalization().withPolicy(s.personalization().policy().withIntentGating(true)));
    }

    private HttpResponse<String> send(String method, String path, String body) {
        return server.http().send(method, path, body, "acme");
    }

    private JsonObject json(String method, String path, String body) {
        HttpResponse<String> res = send(method, path, body);
        assertThat(res.statusCode()).as(method + " " + path + " " + res.body()).isBetween(200, 201);
        return Http.json(res);
    }

    @Test
    void under_gating_the_prefix_holds_the_core_and_each_turn_gets_only_what_it_needs() {
        server.start(PersonalizationEndToEndTest::gated);
        json("POST", "/v1/profile/onboarding", """
                {"answers":{"finance_knowledge":"level_3","risk":"conservative","markets":["memes","stocks"]}}""");
        json("PUT", "/v1/profile/tags/greed_index", "{\"value\":\"High\"}");
        json("PATCH", "/v1/profile", "{\"custom_prompt\":\"Keep answers under five lines.\"}");
        String id = json("POST", "/v1/sessions", null).getString("id");
        String prefix = send("GET", "/v1/sessions/" + id + "/prompt", null).body();

        JsonObject lookup = json("POST", "/v1/sessions/" + id + "/turn", "{\"message\":\"what's the price of PEPE\"}");
        JsonObject greedy = json("POST", "/v1/sessions/" + id + "/turn", "{\"message\":\"should I go 20x on memes?\"}");

        assertThat(prefix).contains("- risk: Conservative (declared)", "- finance_knowledge: Advanced (declared)",
                "Keep answers under five lines.", "Onboarding: the user describes their markets of interest as Memes,"
                        + " Stocks.").doesNotContain("- markets:").doesNotContain("Greed Index");
        assertThat(lookup.getJsonArray("selected")).isEmpty();
        assertThat(lookup).doesNotContainKey("volatile_block");
        assertThat(greedy.getJsonArray("selected").getValuesAs(jakarta.json.JsonString.class))
                .extracting(jakarta.json.JsonString::getString).containsExactly("markets", "Greed Index");
        assertThat(greedy.getJsonObject("volatile_block").getString("text"))
                .contains("- markets: Memes, Stocks (declared)\n- Greed Index: High (declared)");
        assertThat(send("GET", "/v1/sessions/" + id + "/prompt", null).body()).isEqualTo(prefix);
    }

    @Test
    void what_one_process_stored_the_cli_and_the_next_server_read_and_write() {
        try (StrataCore core = server.open(s -> s)) {
            var p = core.personalization().personalization();
            p.completeOnboarding(dev.strata.domain.memory.Tenant.of("acme"), dev.strata.domain.personalization.UserId.DEFAULT,
                    new dev.strata.domain.personalization.OnboardingAnswers(java.util.Optional.empty(),
                            java.util.Optional.empty(), java.util.Optional.of(dev.strata.domain.personalization.TagValue
                            .single(dev.strata.domain.personalization.TagDimension.RISK, "balanced", "risk")),
                            java.util.Optional.empty(), java.util.Optional.of("$2k")),
                    dev.strata.application.provenance.WriteOrigin.operator(dev.strata.domain.memory.Actor.cli("test")));
            core.personalization().strategyRuns().open(dev.strata.domain.memory.Tenant.of("acme"),
                    dev.strata.domain.personalization.UserId.DEFAULT,
                    dev.strata.domain.personalization.StrategyId.of("grid-btc"), java.math.BigDecimal.TEN);
        }
        var shell = new Cli.Shell();
        String data = server.directory().resolve("data").toString();

        assertThat(shell.run("config", "set", "financial.custom_prompt", "Always prefer stablecoin pairs.",
                "--tenant", "acme", "--data-dir", data)).isZero();
        assertThat(shell.run("config", "get", "financial.custom_prompt", "--tenant", "acme", "--data-dir", data)).isZero();
        assertThat(shell.out()).isEqualTo("Always prefer stablecoin pairs.\n");
        assertThat(shell.run("config", "set", "financial.tags_next_update", "x", "--data-dir", data)).isEqualTo(2);
        assertThat(shell.run("config", "get", "risk", "--data-dir", data)).isEqualTo(2);
        assertThat(shell.run("profile", "--tenant", "acme", "--data-dir", data)).isZero();
        assertThat(shell.out()).contains("risk", "balanced (Balanced)", "user", "self-reported",
                "Always prefer stablecoin pairs.");
        assertThat(shell.run("profile", "--user", "a b", "--data-dir", data)).isEqualTo(2);

        server.start(s -> s);
        JsonObject portrait = json("GET", "/v1/profile", null);
        assertThat(portrait.getJsonArray("tags").getJsonObject(0).getString("value")).isEqualTo("balanced");
        assertThat(portrait.getJsonArray("recent_memories")).hasSize(2);
        assertThat(portrait.getJsonObject("financial_profile").getString("custom_prompt"))
                .isEqualTo("Always prefer stablecoin pairs.");
        assertThat(json("GET", "/v1/profile/strategy-runs", null).getJsonArray("runs")).hasSize(1);
    }

    @Test
    void the_v1_tag_migration_is_a_dry_run_until_applied() throws Exception {
        server.open(s -> s).close();
        String data = server.directory().resolve("data").toString();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + server.directory().resolve("data/strata.db"));
             Statement st = c.createStatement()) {
            for (String row : List.of("'Risk Profile','Moderate','user'", "'Asset Tier','Whale','inferred'",
                    "'Asset Preference','Memes and Stocks','inferred'", "'FOMO Index','High','inferred'")) {
                st.execute("INSERT INTO user_tags(tenant, user_id, dimension, value, source, updated_at) VALUES"
                        + " ('acme','default'," + row + ",'2025-06-01T00:00:00.000Z')");
            }
        }
        var shell = new Cli.Shell();

        assertThat(shell.run("profile", "migrate-tags", "--data-dir", data)).isZero();
        assertThat(shell.out()).contains("dry run: 2 remapped, 1 dropped, 0 left as they are");
        assertThat(shell.run("profile", "migrate-tags", "--tenant", "acme", "--apply", "--data-dir", data)).isZero();
        assertThat(shell.out()).contains("applied: 2 remapped, 1 dropped");

        server.start(s -> s);
        JsonObject tags = json("GET", "/v1/profile/tags", null);
        assertThat(tags.getJsonArray("tags").getValuesAs(JsonObject.class))
                .extracting(t -> t.getString("dimension") + "=" + t.get("value"))
                .containsExactly("risk=\"balanced\"", "markets=[\"memes\",\"stocks\"]", "FOMO Index=\"High\"");
    }
}
