package dev.strata.bootstrap;

import dev.strata.adapters.llm.chat.ChatModelSettings;
import dev.strata.adapters.llm.chat.ChatProvider;
import dev.strata.domain.MutableClock;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import com.sun.net.httpserver.HttpServer;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's role-memory worked example against the whole server: a role file in {@code <data-dir>/roles},
 * decisions recorded, a price pushed, a week passing, the later price fetched from a stub price endpoint,
 * reflection against a stub model, the lesson recalled over REST and through the agent tool, in the next
 * session's lessons block and on the asset's compiled page.
 */
class RoleMemoryEndToEndTest {

    private static final String ROLE = "analysis.valuation.target_price";
    private static final String TENANT = "desk";
    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");

    @RegisterExtension
    final StrataServerExtension server = StrataServerExtension.startedByTest();

    @Test
    void the_worked_example_records_pushes_prices_reflects_and_recalls_the_lesson() throws Exception {
        OpenAiStub stub = server.closeAfterStop(new OpenAiStub());
        Path roles = Files.createDirectories(server.directory().resolve("data/roles"));
        // No automatic trigger: the test drives reflection itself, so the stub's script is consumed in order.
        Files.writeString(roles.resolve("valuation.yaml"), """
                skill: analysis.valuation
                roles:
                  - id: analysis.valuation.target_price
                    label: Target price call
                    failureModes: [anchored to recent price, ignored macro headwinds]
                    reflectionPrompt: "Target {decision} on {asset} came out {pnl} over {window} ({type}). Evidence: {evidence}. One lesson."
                    reflectionPolicy:
                      outcomeProbe: {kind: price_delta, assetField: asset, windowHours: 168}
                      minAgeHours: 168
                      maxAgeHours: 720
                """);
        MutableClock clock = new MutableClock(T0);
        // The price endpoint knows BTC a week on (92); the price at decision time is the one the agent pushes.
        HttpServer prices = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        List<String> asked = new CopyOnWriteArrayList<>();
        prices.createContext("/price", exchange -> {
            asked.add(exchange.getRequestURI().getRawQuery());
            byte[] body = "{\"price\": 92}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        prices.start();
        String priceUrl = "http://127.0.0.1:" + prices.getAddress().getPort() + "/price?symbol={asset}&at={at}";
        try {
            server.start(s -> s.with(s.llm().withChat(ChatProvider.OPENAI,
                    ChatModelSettings.of(stub.baseUrl(), "stub-reflector", Optional.empty())))
                    .with(s.roles().withPriceUrl(priceUrl)), clock);
            workedExample(stub, clock, asked);
        } finally {
            prices.stop(0);
        }
    }

    private void workedExample(OpenAiStub stub, MutableClock clock, List<String> asked) {
        Http http = server.http();

        JsonObject entry = http.json("POST", "/v1/roles/" + ROLE + "/decisions",
                "{\"decision\":\"target 120 within a week\",\"inputs\":{\"asset\":\"BTC\",\"rsi\":71}}", TENANT);
        long id = entry.getJsonNumber("id").longValue();
        assertThat(entry.getString("status")).isEqualTo("pending");
        assertThat(entry.getString("asset")).isEqualTo("BTC");
        http.json("POST", "/v1/prices", "{\"prices\":[{\"asset\":\"BTC\",\"price\":100,\"source\":\"agent:get_price\"}]}",
                TENANT);

        JsonObject early = http.json("POST", "/v1/roles/" + ROLE + "/reflect", null, TENANT);
        assertThat(early.toString()).contains("not_due");
        assertThat(stub.received()).as("nothing due: no model call").isEmpty();

        clock.advance(Duration.ofHours(169));
        http.json("POST", "/v1/tools/price_report", "{\"asset\":\"ETH\",\"price\":3100}", TENANT);
        stub.answers("{\"classification\":\"logic_error\",\"narrative\":\"The target ignored the overbought RSI.\"}")
                .answers("Treat an RSI above 70 as a reason to shorten the target window. Check momentum first.");

        JsonObject report = http.json("POST", "/v1/roles/" + ROLE + "/reflect", null, TENANT);
        assertThat(report.toString()).contains("\"reflected\"", "logic_error");
        assertThat(stub.received()).hasSize(2);
        assertThat(stub.received().get(0)).contains("target 120 within a week", "-8.00%");
        assertThat(asked).as("the week-later price came from the price endpoint").hasSize(1);
        assertThat(asked.get(0)).startsWith("symbol=BTC&at=2026-03-09T10");

        JsonObject stored = http.json("GET", "/v1/role-memory/" + id, null, TENANT);
        assertThat(stored.getString("status")).isEqualTo("reflected");
        JsonObject recall = http.json("GET", "/v1/roles/" + ROLE + "/recall", null, TENANT);
        assertThat(recall.toString()).contains("Treat an RSI above 70 as a reason to shorten the target window.");
        JsonObject tool = http.json("POST", "/v1/tools/role_recall", "{\"role\":\"" + ROLE + "\",\"query\":\"target\"}",
                TENANT);
        assertThat(tool.toString()).contains("\"ok\":true", "target 120 within a week", "shorten the target window");

        JsonObject other = http.json("GET", "/v1/roles/" + ROLE + "/recall", null, "someone-else");
        assertThat(other.toString()).doesNotContain("shorten the target window");

        // The next session of the skill that owns the role reads the lesson, after the cached prefix.
        JsonObject session = http.json("POST", "/v1/sessions", "{\"skills\":[\"analysis.valuation\"]}", TENANT);
        JsonObject lessons = session.getJsonArray("blocks").getValuesAs(JsonObject.class).stream()
                .filter(b -> b.getString("name").equals("lessons")).findFirst().orElseThrow();
        assertThat(lessons.getBoolean("cache")).isFalse();
        assertThat(lessons.getString("text")).contains("### analysis.valuation.target_price: Target price call",
                "(logic_error): Treat an RSI above 70 as a reason to shorten the target window.");
        assertThat(http.json("POST", "/v1/sessions", "{}", TENANT).toString()).doesNotContain("shorten the target");

        // And the asset's compiled page shows the reflected decision on its Timeline.
        String page = http.json("GET", "/v1/compiled/BTC", null, TENANT).getString("markdown");
        assertThat(page).contains("decision " + id + " (analysis.valuation.target_price, logic_error): target 120 "
                + "within a week; outcome: BTC 100 -> 92 (-8.00%)", "lesson: Treat an RSI above 70");
        assertThat(http.json("GET", "/v1/compiled/BTC", null, "someone-else").getString("markdown"))
                .doesNotContain("decision");

        // strata export: the reflected decision is a trade case, the asset's page a snapshot.
        var bundle = dev.strata.bootstrap.cli.ExportCommand.markdownExport(server.strata().core(), clock).export(
                dev.strata.domain.memory.Tenant.of(TENANT), dev.strata.application.export.ExportOptions.DEFAULTS,
                TestActors.OPERATOR_ACTOR);
        assertThat(bundle.tradeCases()).isEqualTo(1);
        assertThat(bundle.file("trade-cases/" + id + ".md").orElseThrow().text()).contains("kind: \"trade_case\"",
                "role: \"analysis.valuation.target_price\"", "asset: \"BTC\"", "classification: \"logic_error\"",
                "## Decision\n\ntarget 120 within a week", "## Lesson\n\nTreat an RSI above 70");
        assertThat(bundle.file("assets/BTC.md").orElseThrow().text()).contains("decision " + id);
    }

    /**
     * on_price_fetch through the running server: a pushed price of the asset wakes the role's pending
     * entries, which are reflected in the background with no reflect request at all.
     */
    @Test
    void a_pushed_price_wakes_the_roles_pending_entry_and_the_server_reflects_it_unasked() throws Exception {
        OpenAiStub stub = server.closeAfterStop(new OpenAiStub());
        Path roles = Files.createDirectories(server.directory().resolve("data/roles"));
        Files.writeString(roles.resolve("momentum.yaml"), """
                skill: market.spot
                roles:
                  - id: market.spot.momentum
                    label: Momentum call
                    failureModes: [chased a late move]
                    reflectionPrompt: "Call {decision} on {asset} came out {pnl} over {window} ({type}). One lesson."
                    reflectionPolicy:
                      outcomeProbe: {kind: price_delta, assetField: asset, windowHours: 1}
                      minAgeHours: 1
                      maxAgeHours: 48
                      triggers: [on_price_fetch]
                """);
        MutableClock clock = new MutableClock(T0);
        server.start(s -> s.with(s.llm().withChat(ChatProvider.OPENAI,
                ChatModelSettings.of(stub.baseUrl(), "stub-reflector", Optional.empty()))), clock);
        Http http = server.http();
        long id = http.json("POST", "/v1/roles/market.spot.momentum/decisions",
                "{\"decision\":\"long SOL on the breakout\",\"asset\":\"SOL\"}", TENANT).getJsonNumber("id").longValue();
        http.json("POST", "/v1/prices", "{\"prices\":[{\"asset\":\"SOL\",\"price\":200}]}", TENANT);
        assertThat(http.json("GET", "/v1/role-memory/" + id, null, TENANT).getString("status")).isEqualTo("pending");
        stub.answers("{\"classification\":\"missing_data\",\"narrative\":\"The breakout had no volume.\"}")
                .answers("Check volume before calling a breakout.");

        clock.advance(Duration.ofHours(2));
        http.json("POST", "/v1/prices", "{\"prices\":[{\"asset\":\"SOL\",\"price\":180,\"at\":\""
                + T0.plus(Duration.ofHours(1)) + "\"}]}", TENANT);

        Http.await("the woken reflection", () -> http.json("GET", "/v1/role-memory/" + id, null, TENANT)
                .getString("status").equals("reflected"));
        JsonObject entry = http.json("GET", "/v1/role-memory/" + id, null, TENANT);
        assertThat(entry.getString("lesson")).isEqualTo("Check volume before calling a breakout.");
        assertThat(entry.getJsonObject("outcome").getString("summary")).contains("SOL 200 -> 180", "-10.00%");
    }

    /**
     * cron through the running server: the real scheduler ticks every second, the roles' expressions are
     * read against the server's clock, which the test moves. An every-minute role is reflected on the first
     * tick that covers a minute boundary; a six-o'clock role with a due entry waits through those ticks
     * and is reflected only once the clock passes 06:00. The model answers only what is scripted, so a
     * reflection started too early shows as an extra model request.
     */
    @Test
    void the_cron_trigger_reflects_each_role_when_its_expression_fires_on_the_servers_clock() throws Exception {
        OpenAiStub stub = server.closeAfterStop(new OpenAiStub());
        Path roles = Files.createDirectories(server.directory().resolve("data/roles"));
        Files.writeString(roles.resolve("cron.yaml"), """
                skill: research.cron
                roles:
                  - id: research.cron.minutely
                    label: Every minute
                    failureModes: [hurried]
                    reflectionPrompt: "Call {decision} ({asset}) turned out {pnl}; classified {type}. One lesson."
                    reflectionPolicy:
                      outcomeProbe: {kind: manual}
                      minAgeHours: 0
                      maxAgeHours: 48
                      triggers: [cron]
                      cronExpr: "* * * * *"
                  - id: research.cron.morning
                    label: Six in the morning
                    failureModes: [slept on it]
                    reflectionPrompt: "Call {decision} ({asset}) turned out {pnl}; classified {type}. One lesson."
                    reflectionPolicy:
                      outcomeProbe: {kind: manual}
                      minAgeHours: 0
                      maxAgeHours: 48
                      triggers: [cron]
                      cronExpr: "0 6 * * *"
                """);
        MutableClock clock = new MutableClock(Instant.parse("2026-03-02T05:30:30Z"));
        server.start(s -> s.with(s.llm().withChat(ChatProvider.OPENAI,
                ChatModelSettings.of(stub.baseUrl(), "stub-reflector", Optional.empty())))
                .with(s.roles().withCronTick(Duration.ofSeconds(1))), clock);
        Http http = server.http();
        long morning = decide(http, "research.cron.morning", "long ETH into the morning open");
        long first = decide(http, "research.cron.minutely", "short SOL on the minute chart");
        stub.answers("{\"classification\":\"variance\",\"narrative\":\"Noise.\"}");

        // 05:31:30: every tick from here covers 05:31, whichever tick saw the entries first.
        clock.advance(Duration.ofMinutes(1));
        Http.await("the minutely role's cron reflection", () -> status(http, first).equals("reflected"));
        assertThat(stub.received()).hasSize(1);
        assertThat(stub.received().getFirst()).contains("short SOL on the minute chart")
                .doesNotContain("long ETH into the morning open");

        // A second minute, a second minutely entry: proves later ticks ran, while 06:00 is still ahead.
        long second = decide(http, "research.cron.minutely", "long BTC on the minute chart");
        stub.answers("{\"classification\":\"variance\",\"narrative\":\"Noise again.\"}");
        clock.advance(Duration.ofMinutes(1));
        Http.await("the second minutely reflection", () -> status(http, second).equals("reflected"));
        assertThat(stub.received()).hasSize(2);
        assertThat(stub.received().get(1)).contains("long BTC on the minute chart");
        assertThat(status(http, morning)).as("06:00 has not come yet on the server's clock").isEqualTo("pending");

        // 06:00:30: the morning role's expression fired since the last tick.
        stub.answers("{\"classification\":\"exogenous\",\"narrative\":\"The open gapped on news.\"}");
        clock.set(Instant.parse("2026-03-02T06:00:30Z"));
        Http.await("the morning role's cron reflection", () -> status(http, morning).equals("reflected"));
        JsonObject entry = http.json("GET", "/v1/role-memory/" + morning, null, TENANT);
        assertThat(entry.getString("classification")).isEqualTo("exogenous");
        assertThat(stub.received()).hasSize(3);
        assertThat(stub.received().get(2)).contains("long ETH into the morning open");
    }

    private static long decide(Http http, String role, String decision) {
        long id = http.json("POST", "/v1/roles/" + role + "/decisions", "{\"decision\":\"" + decision
                + "\",\"asset\":\"ETH\"}", TENANT).getJsonNumber("id").longValue();
        http.json("POST", "/v1/role-memory/" + id + "/outcome", "{\"outcome\":\"it went the other way\","
                + "\"change_percent\":-3}", TENANT);
        return id;
    }

    private static String status(Http http, long id) {
        return http.json("GET", "/v1/role-memory/" + id, null, TENANT).getString("status");
    }
}
