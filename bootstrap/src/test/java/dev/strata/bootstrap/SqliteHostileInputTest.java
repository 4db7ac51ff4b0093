package dev.strata.bootstrap;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile input against the real server on a real SQLite file: FTS5 query-syntax garbage never
 * reaches the client as a 5xx, and a refused write leaves the stored data byte-identical (the
 * tenant's whole listing and profile, compared before and after).
 */
class SqliteHostileInputTest {

    private static final String TENANT = "hostile";
    private static final List<String> FTS5 = List.of("\"", "\"\"", "NEAR(", "NEAR(a b, -1)", "NEAR(a b, x)", "*",
            "a*", "^", "^a", "content:", "category:", "nope:", "{content category}:", "-", "+", "(", ")", "()",
            "AND", "OR", "NOT", ":", "'", "\\", "\u0000", "a OR", "OR a", "NOT NOT", "\"unterminated", "((((",
            "))))", "col:*", "NEAR/3", "a:b:c", "\u00ff", "😀", "\uD800", "%", "_", "[", "]", "{", "}", ",", ".",
            "slippage", "BTC", "stop-loss", "category:lesson", "\u202E", "\u200B", "e\u0301", "ß", "İ");

    /** jqwik runs outside JUnit Jupiter's extensions: its container hooks drive the same fixture. */
    private static final StrataServerExtension server = StrataServerExtension.started(
            s -> s.with(s.roles().withDirectory(roleFiles())));
    private static long seededId;
    private static long methodology;
    private static long trade;
    /** A pending entry of the price_delta role and one of the manual role. */
    private static long priced;
    private static long manual;

    /** One role per probe kind the role routes distinguish: price_delta and manual. */
    private static java.nio.file.Path roleFiles() {
        try {
            java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("strata-hostile-roles");
            dir.toFile().deleteOnExit();
            java.nio.file.Files.writeString(dir.resolve("roles.yaml"), """
                    skill: analysis.valuation
                    roles:
                      - id: analysis.valuation.target_price
                        label: Target price call
                        failureModes: [anchored to recent price]
                        reflectionPrompt: "Target {decision} on {asset}: {pnl} over {window} ({type}). {evidence}"
                        reflectionPolicy:
                          outcomeProbe: {kind: price_delta, assetField: asset, windowHours: 168}
                          minAgeHours: 168
                          maxAgeHours: 720
                      - id: analysis.valuation.thesis
                        label: Long-term thesis
                        failureModes: [narrative over numbers]
                        reflectionPrompt: "Thesis {decision} ({asset}) turned out {pnl}; {type}."
                        reflectionPolicy:
                          outcomeProbe: {kind: manual}
                          minAgeHours: 0
                          maxAgeHours: 8760
                    """);
            java.nio.file.Files.list(dir).forEach(f -> f.toFile().deleteOnExit());
            return dir;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @BeforeContainer
    static void start() {
        server.prepare();
        seededId = Http.json(server.http().send("POST", "/v1/memory",
                "{\"category\":\"lesson\",\"content\":\"stop-loss on BTC should trail by 8%\"}", TENANT))
                .getJsonNumber("id").longValue();
        server.http().send("POST", "/v1/memory", "{\"category\":\"preference\",\"content\":\"always use 0.5% slippage\","
                + "\"key\":\"slippage\"}", TENANT);
        server.http().send("PUT", "/v1/profile/risk", "{\"value\":\"low\"}", TENANT);
        methodology = Http.json(server.http().send("POST", "/v1/methodologies", "{\"asset_class\":\"crypto_major\","
                + "\"title\":\"Buy the dip\",\"body\":\"Buy BTC after a 20% drawdown.\"}", TENANT))
                .getJsonObject("methodology").getJsonNumber("id").longValue();
        trade = Http.json(server.http().send("POST", "/v1/trades", "{\"asset\":\"BTC\",\"asset_class\":\"crypto_major\","
                + "\"side\":\"long\",\"size\":1,\"entry_price\":100,\"methodology_ids\":[" + methodology
                + "],\"hint_hash\":\"h1\"}", TENANT)).getJsonObject("trade").getJsonNumber("id").longValue();
        server.http().send("POST", "/v1/learnings", "{\"task\":\"bridge USDC to base\",\"steps\":\"approve, bridge\"}",
                TENANT);
        server.http().send("POST", "/v1/conversations/hostile-chat/messages", "{\"messages\":[{\"id\":\"m0\","
                + "\"role\":\"user\",\"content\":\"I trade BTC with a trailing stop\"}]}", TENANT);
        server.http().send("POST", "/v1/trading/perps-fills", "{\"fills\":[" + fill(1, "\"BTC\"") + "]}", TENANT);
        server.http().send("POST", "/v1/trading/spot-activities", "{\"activities\":[" + spot("0xseed", "\"swap\"")
                + "]}", TENANT);
        priced = Http.json(server.http().send("POST", "/v1/roles/analysis.valuation.target_price/decisions",
                "{\"decision\":\"target 120 within a week\",\"inputs\":{\"asset\":\"BTC\"}}", TENANT))
                .getJsonNumber("id").longValue();
        manual = Http.json(server.http().send("POST", "/v1/roles/analysis.valuation.thesis/decisions",
                "{\"decision\":\"long ETH on staking\",\"asset\":\"ETH\"}", TENANT)).getJsonNumber("id").longValue();
        server.http().send("POST", "/v1/prices", "{\"prices\":[{\"asset\":\"BTC\",\"price\":100}]}", TENANT);
    }

    private static String fill(int tid, String symbol) {
        return "{\"sub_account_id\":\"0xsub\",\"oid\":" + tid + ",\"ts_ms\":1767600000000,\"symbol\":" + symbol
                + ",\"side\":\"B\",\"dir\":\"Open Long\",\"size\":1,\"price\":60000,\"tid\":" + tid + "}";
    }

    private static String spot(String hash, String type) {
        return "{\"tx_hash\":\"" + hash + "\",\"ts_ms\":1767600000000,\"type\":" + type + ",\"status\":\"completed\"}";
    }

    @AfterContainer
    static void stop() {
        server.stop();
    }

    @Property(tries = 1_000, shrinking = ShrinkingMode.OFF)
    void fts_syntax_garbage_is_never_a_5xx_and_changes_nothing(@ForAll("ftsGarbage") String query) {
        String before = stored();
        String body = "{\"query\":" + quote(query) + "}";

        HttpResponse<String> rest = server.http().send("POST", "/v1/memory/search", body, TENANT);
        HttpResponse<String> tool = server.http().send("POST", "/v1/tools/memory_search", body, TENANT);

        assertThat(rest.statusCode()).as("%s -> %s", query, rest.body()).isLessThan(500);
        assertThat(tool.statusCode()).as("%s -> %s", query, tool.body()).isLessThan(500);
        if (rest.statusCode() == 200) {
            assertThat(Http.json(rest).containsKey("hits")).isTrue();
        } else {
            assertThat(rest.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(Http.json(rest).getString("field")).isEqualTo("query");
        }
        assertThat(stored()).isEqualTo(before);
    }

    @Property(tries = 300, shrinking = ShrinkingMode.OFF)
    void fts_syntax_garbage_searching_learnings_is_never_a_5xx_and_changes_nothing(@ForAll("ftsGarbage") String query) {
        String before = stored();

        HttpResponse<String> rest = server.http().send("GET", "/v1/learnings?query="
                + java.net.URLEncoder.encode(query, java.nio.charset.StandardCharsets.UTF_8), null, TENANT);
        HttpResponse<String> tool = server.http().send("POST", "/v1/tools/learning_search",
                "{\"query\":" + quote(query) + "}", TENANT);

        assertThat(rest.statusCode()).as("%s -> %s", query, rest.body()).isLessThan(500);
        assertThat(tool.statusCode()).as("%s -> %s", query, tool.body()).isLessThan(500);
        assertThat(stored()).isEqualTo(before);
    }

    @Property(tries = 600, shrinking = ShrinkingMode.OFF)
    void a_refused_write_leaves_the_database_as_it_was(@ForAll("refusedWrites") String[] request) {
        String before = stored();

        HttpResponse<String> reply = server.http().send(request[0], request[1].replace("{id}", Long.toString(seededId))
                .replace("{trade}", Long.toString(trade)).replace("{priced}", Long.toString(priced))
                .replace("{manual}", Long.toString(manual)), request[2].replace("{trade}", Long.toString(trade))
                .replace("{methodology}", Long.toString(methodology)), TENANT);

        assertThat(reply.statusCode()).as("%s %s %s -> %s", request[0], request[1], request[2], reply.body())
                .isBetween(400, 499);
        assertThat(reply.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        assertThat(stored()).isEqualTo(before);
    }

    /** Filters of the audit trail, hostile values against the real SQL: used or refused naming the parameter. */
    @Property(tries = 600, shrinking = ShrinkingMode.OFF)
    void hostile_audit_filters_are_answered_or_refused_naming_the_parameter_and_change_nothing(
            @ForAll("auditParameters") String parameter, @ForAll("ftsGarbage") String value) {
        String before = stored();

        HttpResponse<String> reply = server.http().send("GET", "/v1/audit?" + parameter + "="
                + URLEncoder.encode(value, StandardCharsets.UTF_8), null, TENANT);

        // a valid slug naming another tenant is forbidden without an admin key
        assertThat(reply.statusCode()).as("%s=%s -> %s", parameter, value, reply.body())
                .isIn(200, 400, parameter.equals("tenant") ? 403 : 400);
        if (reply.statusCode() != 200) {
            assertThat(Http.json(reply).getString("field")).isEqualTo(parameter);
        }
        assertThat(stored()).isEqualTo(before);
    }

    /** A write naming a malformed or reserved actor is refused naming the header and writes nothing, audit included. */
    @Property(tries = 300, shrinking = ShrinkingMode.OFF)
    void a_write_with_a_bad_actor_leaves_the_database_as_it_was(@ForAll("badActors") String actor) {
        String before = stored();

        HttpResponse<String> reply = server.http().send(HttpRequest.newBuilder(server.http().uri("/v1/memory"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"category\":\"lesson\",\"content\":\"x\"}"))
                .header("Content-Type", "application/json").header("X-Strata-Tenant", TENANT)
                .header("X-Strata-Actor", actor).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(reply.statusCode()).as("%s -> %s", actor, reply.body()).isEqualTo(400);
        assertThat(Http.json(reply).getString("field")).isEqualTo("X-Strata-Actor");
        assertThat(stored()).isEqualTo(before);
    }

    /**
     * The tenant's stored state as the API shows it: every memory (with its history), the profile (with
     * the personalization portrait, onboarding, capital and strategy runs), the learning loop
     * (methodologies with their counts, trades, cases, preferences, learnings), the audit trail, the
     * conversation and the trade mirror.
     */
    private static String stored() {
        StringBuilder out = new StringBuilder();
        for (String path : List.of("/v1/memory?limit=500", "/v1/memory/history?key=slippage", "/v1/profile",
                "/v1/profile/onboarding", "/v1/profile/capital", "/v1/profile/strategy-runs",
                "/v1/methodologies?limit=500", "/v1/trades?limit=500", "/v1/cases?limit=500",
                "/v1/preferences?limit=500", "/v1/learnings?limit=500", "/v1/audit?limit=500",
                "/v1/conversations/hostile-chat", "/v1/trading/trades?asset=ETH", "/v1/trading/trades?asset=BTC",
                "/v1/trading/sync-state",
                "/v1/role-memory/" + priced, "/v1/role-memory/" + manual,
                "/v1/roles/analysis.valuation.thesis/recall?query=staking",
                "/v1/roles/analysis.valuation.target_price/recall?query=target")) {
            out.append(server.http().send("GET", path, null, TENANT).body()).append('\n');
        }
        return out.append(rows("role_memory")).append(' ').append(rows("price_points")).toString();
    }

    /** How many rows of {@code table} the tenant has: role memory and pushed prices have no list route. */
    private static long rows(String table) {
        try (java.sql.Connection c = server.strata().core().database().connection();
             java.sql.PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM " + table + " WHERE tenant = ?")) {
            ps.setString(1, TENANT);
            try (java.sql.ResultSet r = ps.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Provide
    Arbitrary<String> auditParameters() {
        return Arbitraries.of("action", "actor", "subject", "since", "until", "before", "limit", "tenant");
    }

    @Provide
    Arbitrary<String> badActors() {
        Arbitrary<String> reserved = Arbitraries.of("key:", "system:", "cli:", "KEY:", "unknown", "anonymous")
                .flatMap(prefix -> Arbitraries.strings().alpha().ofMaxLength(10).map(rest ->
                        prefix.endsWith(":") ? prefix + rest : prefix));
        // what an HTTP client sends in a header: visible ASCII and spaces
        List<String> sendable = FTS5.stream().filter(p -> p.chars().allMatch(c -> c >= 0x20 && c < 0x7f)).toList();
        Arbitrary<String> malformed = Arbitraries.of(sendable).list().ofMinSize(2).ofMaxSize(6)
                .map(parts -> "a " + String.join(" ", parts));
        Arbitrary<String> long_ = Arbitraries.integers().between(129, 2_000).map("a"::repeat);
        return Arbitraries.oneOf(reserved, malformed, long_);
    }

    @Provide
    Arbitrary<String> ftsGarbage() {
        return Arbitraries.of(FTS5).list().ofMinSize(1).ofMaxSize(10).map(parts -> String.join(" ", parts));
    }

    /** Writes that must be refused: each breaks exactly one rule of an otherwise valid request. */
    @Provide
    Arbitrary<String[]> refusedWrites() {
        Arbitrary<String> badCategory = Arbitraries.of("\"Bad One\"", "5", "null", "[]", "\"\"", "\"x\u0000\"",
                "\"" + "a".repeat(41) + "\"");
        Arbitrary<String> badContent = Arbitraries.of("\" \"", "7", "{}", "\"" + "x".repeat(8_193) + "\"", "[\"a\"]");
        Arbitrary<String> hostileText = Arbitraries.of(FTS5).list().ofMinSize(1).ofMaxSize(6)
                .map(parts -> quote(String.join(" ", parts)));
        return Arbitraries.oneOf(
                badCategory.map(c -> new String[]{"POST", "/v1/memory", "{\"category\":" + c + ",\"content\":\"x\"}"}),
                Arbitraries.oneOf(badContent, hostileText).map(c -> new String[]{"POST", "/v1/memory/batch",
                        "{\"memories\":[{\"category\":\"lesson\",\"content\":" + c + "},{\"category\":\"Bad One\","
                                + "\"content\":\"x\"}]}"}),
                badContent.map(c -> new String[]{"PATCH", "/v1/memory/{id}", "{\"content\":" + c + "}"}),
                hostileText.map(t -> new String[]{"POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":" + t
                        + ",\"key\":\"slippage\"}"}),
                hostileText.map(t -> new String[]{"POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":" + t
                        + ",\"colour\":\"red\"}"}),
                hostileText.map(t -> new String[]{"PUT", "/v1/profile/risk", "{\"value\":" + t + ",\"extra\":1}"}),
                Arbitraries.of("{", "[", "\"x\"", "{\"category\":", "null", "{\"category\":\"lesson\",\"content\":\"x\"")
                        .map(b -> new String[]{"POST", "/v1/memory", b}),
                learningWrites(hostileText),
                personalizationWrites(hostileText),
                conversationTradingWrites(hostileText),
                roleWrites(hostileText));
    }

    /**
     * Conversation and mirror batches that must be refused whole: a good message, fill or spot activity
     * followed by one that breaks a rule (a role, content, symbol or type outside what the area takes),
     * so the good one must not be written either.
     */
    private static Arbitrary<String[]> conversationTradingWrites(Arbitrary<String> hostileText) {
        String good = "{\"id\":\"ok-1\",\"role\":\"user\",\"content\":\"fine\"}";
        return Arbitraries.oneOf(
                hostileText.map(t -> new String[]{"POST", "/v1/conversations/hostile-chat/messages", "{\"messages\":["
                        + good + ",{\"id\":\"ok-2\",\"role\":" + t + ",\"content\":\"x\"}]}"}),
                Arbitraries.of("\" \"", "7", "{}", "\"" + "x".repeat(8_193) + "\"", "[\"a\"]", "null").map(c ->
                        new String[]{"POST", "/v1/conversations/hostile-chat/messages", "{\"messages\":[" + good
                                + ",{\"id\":\"ok-2\",\"role\":\"user\",\"content\":" + c + "}]}"}),
                hostileText.filter(t -> !t.matches("\"[A-Za-z0-9@][A-Za-z0-9@./:_-]{0,31}\"")).map(t -> new String[]{
                        "POST", "/v1/trading/perps-fills", "{\"fills\":[" + fill(2, "\"ETH\"") + "," + fill(3, t) + "]}"}),
                hostileText.filter(t -> !t.toLowerCase(java.util.Locale.ROOT).strip()
                        .matches("\"\\s*[a-z][a-z0-9_]{0,31}\\s*\"")).map(t -> new String[]{"POST",
                        "/v1/trading/spot-activities", "{\"activities\":[" + spot("0xgood", "\"swap\"") + ","
                        + spot("0xbad", t) + "]}"}));
    }

    /**
     * Personalization writes that must be refused whole: a tag value outside the schema (never coerced), an
     * onboarding whose last answer is wrong (the earlier answers must not be written either), a PATCH with
     * one bad field after good ones, a capital reading or strategy run that breaks one rule.
     */
    private static Arbitrary<String[]> personalizationWrites(Arbitrary<String> hostileText) {
        return Arbitraries.oneOf(
                hostileText.map(t -> new String[]{"PUT", "/v1/profile/tags/risk", "{\"value\":" + t + "}"}),
                hostileText.map(t -> new String[]{"PUT", "/v1/profile/tags/markets", "{\"value\":[\"memes\"," + t
                        + "]}"}),
                hostileText.map(t -> new String[]{"POST", "/v1/profile/onboarding", "{\"answers\":{\"finance_knowledge\":"
                        + "\"level_2\",\"markets\":[\"memes\"],\"investing_capital\":\"5k\",\"risk\":" + t + "}}"}),
                hostileText.map(t -> new String[]{"PATCH", "/v1/profile", "{\"custom_prompt\":" + t
                        + ",\"reference_wallets\":[" + t + "],\"include_tags\":\"no\"}"}),
                Arbitraries.of("-1", "\"lots\"", "1e999999", "[]", "0.000000001").map(a -> new String[]{"POST",
                        "/v1/profile/capital", "{\"spot_holdings_usd\":" + a + ",\"perp_value_usd\":1}"}),
                hostileText.filter(t -> !t.matches("\"[A-Za-z0-9][A-Za-z0-9_.:/-]*\"")).map(t -> new String[]{"POST",
                        "/v1/profile/strategy-runs", "{\"strategy_id\":" + t + ",\"allocated_usd\":5}"}));
    }

    /**
     * Role-memory writes that must be refused whole: a decision without the asset its price_delta role needs
     * or with a malformed one, inputs that are not an object, a field the route does not know, an outcome
     * for a probed role, an outcome with a change that is not a number, evidence the route does not take,
     * and a batch of prices whose later point is wrong (the earlier one must not be stored either).
     */
    private static Arbitrary<String[]> roleWrites(Arbitrary<String> hostileText) {
        String target = "/v1/roles/analysis.valuation.target_price/decisions";
        String thesis = "/v1/roles/analysis.valuation.thesis/decisions";
        return Arbitraries.oneOf(
                hostileText.map(t -> new String[]{"POST", target, "{\"decision\":" + t + "}"}),
                Arbitraries.of("\"BTC/USD\"", "\"\"", "7", "[]", "\"" + "A".repeat(40) + "\"").map(a -> new String[]{
                        "POST", target, "{\"decision\":\"target 120\",\"asset\":" + a + "}"}),
                Arbitraries.of("[]", "7", "\"x\"", "true").map(i -> new String[]{"POST", thesis,
                        "{\"decision\":\"x\",\"inputs\":" + i + "}"}),
                hostileText.map(t -> new String[]{"POST", thesis, "{\"decision\":" + t + ",\"colour\":\"red\"}"}),
                Arbitraries.of("\"\"", "\" \"", "7", "null").map(d -> new String[]{"POST", thesis, "{\"decision\":" + d + "}"}),
                hostileText.map(t -> new String[]{"POST", "/v1/role-memory/{priced}/outcome", "{\"outcome\":" + t + "}"}),
                Arbitraries.of("\"x\"", "[]", "{}", "true").map(c -> new String[]{"POST", "/v1/role-memory/{manual}/outcome",
                        "{\"outcome\":\"up 5%\",\"change_percent\":" + c + "}"}),
                Arbitraries.of("\"refetch_source\"", "\"rumour\"", "7", "\"\"").map(k -> new String[]{"POST",
                        "/v1/role-memory/{manual}/evidence", "{\"kind\":" + k + ",\"text\":\"x\"}"}),
                Arbitraries.of("{\"asset\":\"BTC/USD\",\"price\":1}", "{\"asset\":\"BTC\",\"price\":\"1\"}",
                        "{\"asset\":\"BTC\"}", "{\"asset\":\"BTC\",\"price\":1,\"at\":\"2999-01-01T00:00:00Z\"}",
                        "{\"asset\":\"BTC\",\"price\":1,\"colour\":1}", "7").map(p -> new String[]{"POST", "/v1/prices",
                        "{\"prices\":[{\"asset\":\"ETH\",\"price\":3000}," + p + "]}"}));
    }

    /**
     * Learning writes that must be refused whole: a bad asset class, a negative size, a case naming a
     * methodology the tenant lacks after one it has (the trade must not be written either), a seed
     * whose second element is wrong, a preference claiming a state, a bad outcome.
     */
    private static Arbitrary<String[]> learningWrites(Arbitrary<String> hostileText) {
        String trade = "{\"asset\":\"BTC\",\"asset_class\":\"crypto_major\",\"side\":\"long\",\"size\":%s,"
                + "\"entry_price\":100,\"exit_price\":110%s}";
        return Arbitraries.oneOf(
                hostileText.map(t -> new String[]{"POST", "/v1/methodologies", "{\"asset_class\":" + t
                        + ",\"title\":\"t\",\"body\":\"b\"}"}),
                Arbitraries.of("-1", "0", "\"1\"", "1e999999", "[]").map(size -> new String[]{"POST", "/v1/trades",
                        trade.formatted(size, ",\"methodology_ids\":[{methodology}],\"hint_hash\":\"h\"")}),
                Arbitraries.of("999999", "0", "-5", "\"x\"", "1.5").map(id -> new String[]{"POST", "/v1/trades",
                        trade.formatted("1", ",\"methodology_ids\":[{methodology}," + id + "],\"hint_hash\":\"h\"")}),
                Arbitraries.of(",\"hint_hash\":\"not a hash\"", "", ",\"hint_hash\":\"\"").map(h -> new String[]{"POST",
                        "/v1/trades", trade.formatted("1", ",\"methodology_ids\":[{methodology}]" + h)}),
                hostileText.map(t -> new String[]{"POST", "/v1/methodologies/seed", "{\"methodologies\":["
                        + "{\"asset_class\":\"crypto_major\",\"title\":\"Seed one\",\"body\":\"b\"},"
                        + "{\"asset_class\":" + t + ",\"title\":\"Seed two\",\"body\":\"b\"}]}"}),
                Arbitraries.of("\"active\"", "\"proposed\"").map(s -> new String[]{"POST", "/v1/preferences",
                        "{\"dimension\":\"leverage\",\"content\":\"never above 2x\",\"kind\":\"hard_constraint\","
                                + "\"state\":" + s + "}"}),
                // "slippage" is a dimension: only the other texts are refused
                hostileText.filter(t -> !t.equals("\"slippage\"")).map(t -> new String[]{"POST", "/v1/preferences",
                        "{\"dimension\":" + t + ",\"content\":\"never above 2x\"}"}),
                Arbitraries.of("-1", "0", "\"x\"", "[]").map(p -> new String[]{"POST", "/v1/trades/{trade}/outcome",
                        "{\"exit_price\":" + p + "}"}),
                Arbitraries.of("999999", "0").map(m -> new String[]{"POST", "/v1/cases", "{\"trade_id\":{trade},"
                        + "\"methodology_ids\":[{methodology}," + m + "],\"hint_hash\":\"h\"}"}),
                Arbitraries.of("\"\"", "\" \"", "7").map(t -> new String[]{"POST", "/v1/learnings", "{\"task\":" + t
                        + ",\"steps\":\"x\"}"}));
    }

    private static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || Character.isSurrogate(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
