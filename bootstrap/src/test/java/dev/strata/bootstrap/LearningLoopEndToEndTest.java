package dev.strata.bootstrap;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's learning-loop worked example against the whole server (real SQLite file, the
 * gateway on a socket, wired by the composition root), step by step with the same requests, as the
 * default tenant. What the README's comments claim the server answers is checked against what it
 * answered, so the two cannot drift apart.
 */
class LearningLoopEndToEndTest {

    private static final String DIP = "{\"methodologies\":[{\"asset_class\":\"crypto_major\",\"title\":\"Buy the 20% dip\","
            + "\"body\":\"Buy BTC after a 20% drawdown from the 30-day high; scale in over three days.\"}]}";
    private static final String CAP = "Never use more than 2x leverage on BTC";

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.started();

    private static HttpResponse<String> send(String method, String path, String body) {
        return server.http().send(method, path, body, null);
    }

    private static JsonObject json(String method, String path, String body) {
        HttpResponse<String> res = send(method, path, body);
        assertThat(res.statusCode()).as("%s %s -> %s", method, path, res.body()).isBetween(200, 299);
        return Http.json(res);
    }

    private static void trade(long methodology, String exit) {
        HttpResponse<String> res = send("POST", "/v1/trades", "{\"asset\":\"BTC\",\"asset_class\":\"crypto_major\","
                + "\"side\":\"long\",\"size\":0.1,\"entry_price\":60000,\"exit_price\":" + exit + ",\"methodology_ids\":["
                + methodology + "],\"hint_hash\":\"sha256:9f2c\"}");
        assertThat(res.statusCode()).as(res.body()).isEqualTo(201);
    }

    private static String page() {
        return json("GET", "/v1/compiled/BTC", null).getString("markdown");
    }

    @Test
    void the_readme_worked_example_runs_as_written() throws IOException {
        // 1. Seed a methodology: quarantined at confidence 0.5
        JsonObject seeded = json("POST", "/v1/methodologies/seed", DIP).getJsonArray("methodologies").getJsonObject(0)
                .getJsonObject("methodology");
        long id = seeded.getJsonNumber("id").longValue();
        assertThat(id).isEqualTo(1);
        assertThat(seeded.getBoolean("quarantine")).isTrue();
        assertThat(seeded.getJsonNumber("confidence").doubleValue()).isEqualTo(0.5);

        // 2. Thirty attributed decisions: every fourth and the last lose (22 of 30 win)
        String refusal = null;
        for (int i = 1; i <= 30; i++) {
            trade(id, i % 4 == 0 || i == 30 ? "58000" : "63000");
            if (i == 10) {
                HttpResponse<String> approve = send("POST", "/v1/methodologies/1/approve", null);
                assertThat(approve.statusCode()).isEqualTo(409);
                refusal = Http.json(approve).getString("detail");
                assertThat(confidence()).isEqualTo("0.490");
            }
            if (i == 20) {
                assertThat(confidence()).isEqualTo("0.531");
            }
        }
        JsonObject scored = json("GET", "/v1/methodologies/1", null);
        assertThat(scored.getInt("successes")).isEqualTo(22);
        assertThat(scored.getInt("uses")).isEqualTo(30);
        assertThat(scored.getJsonNumber("confidence").doubleValue()).isBetween(0.5555, 0.5556);
        assertThat(scored.getBoolean("quarantine")).isTrue();

        // 3. Graduate it and see it on the page
        assertThat(json("POST", "/v1/methodologies/1/approve", null).getBoolean("quarantine")).isFalse();
        String graduated = line(page(), "- methodology 1 ");

        // 4. A losing streak demotes it: ten losses -> 22/40, confidence 0.398 < 0.40 with 40 uses
        for (int i = 0; i < 10; i++) {
            trade(id, "58000");
        }
        JsonObject demoted = json("GET", "/v1/methodologies/1", null);
        assertThat(demoted.getBoolean("quarantine")).isTrue();
        assertThat(demoted.getInt("uses")).isEqualTo(40);
        assertThat(page()).doesNotContain("Buy the 20% dip");

        // 5. A hard constraint proposed by mining stays proposed until approved
        json("POST", "/v1/memory/batch", "{\"memories\":[" + ("{\"category\":\"observation\",\"content\":\"" + CAP
                + "\"},").repeat(2) + "{\"category\":\"observation\",\"content\":\"" + CAP + "\"}]}");
        JsonObject mined = json("POST", "/v1/preferences/mine", null);
        assertThat(mined.getInt("proposed")).isEqualTo(3);
        assertThat(json("GET", "/v1/preferences?state=proposed", null).getJsonArray("preferences")
                .getValuesAs(JsonObject.class)).extracting(p -> p.getString("content"))
                .containsExactlyInAnyOrder(CAP, "trades long only", "mostly trades crypto_major");
        JsonObject cap = json("GET", "/v1/preferences?state=proposed&kind=hard_constraint", null)
                .getJsonArray("preferences").getJsonObject(0);
        assertThat(cap.getInt("id")).isEqualTo(1);
        assertThat(cap.getString("state")).isEqualTo("proposed");
        assertThat(page()).doesNotContain("hard constraint");
        assertThat(send("GET", "/v1/snapshot", null).body()).doesNotContain("[hard_constraint]");

        JsonObject approved = json("POST", "/v1/preferences/1/approve", null);
        assertThat(approved.getString("state")).isEqualTo("active");
        assertThat(approved.containsKey("memory_id")).isTrue();
        String constraint = line(page(), "- hard constraint ");
        assertThat(constraint).isEqualTo("- hard constraint (preference 1, leverage): " + CAP);
        assertThat(send("GET", "/v1/snapshot", null).body()).contains("[preference] [hard_constraint] " + CAP);

        // What the README says the server answers is what it answered.
        String readme = workedExample();
        assertThat(readme).contains(refusal, graduated, constraint, "\"successes\":22,\"uses\":30",
                "{\"proposed\":3,");
    }

    private static String confidence() {
        return String.format(java.util.Locale.ROOT, "%.3f",
                json("GET", "/v1/methodologies/1", null).getJsonNumber("confidence").doubleValue());
    }

    /** The page's line starting with {@code prefix}. */
    private static String line(String markdown, String prefix) {
        return markdown.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + prefix + " in\n" + markdown));
    }

    /** The README's worked example of the learning loop (the sh block after its heading). */
    private static String workedExample() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        int heading = readme.indexOf("### Worked example: the learning loop");
        assertThat(heading).as("the README's worked example heading").isNotNegative();
        int start = readme.indexOf("```sh", heading);
        return readme.substring(start, readme.indexOf("```", start + 5));
    }
}
