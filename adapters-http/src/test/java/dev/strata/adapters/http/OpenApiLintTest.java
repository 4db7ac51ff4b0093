package dev.strata.adapters.http;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The served OpenAPI document passes {@code @redocly/cli lint} (the recommended rules, see
 * {@code redocly.yaml}) with no error and no warning. The linter comes from npm through {@code npx}, at a
 * pinned version; without npm on the machine the test is skipped, except in CI ({@code CI=true}), where
 * it fails: CI must run it.
 */
class OpenApiLintTest {

    /** Pinned so a new rule in a later release cannot turn the build red overnight. */
    static final String REDOCLY = "@redocly/cli@2.77.0";

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    @TempDir
    Path dir;

    @Test
    void the_served_document_is_lint_clean() throws Exception {
        boolean npx = onPath("npx");
        if (!npx && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("npx (npm) is required in CI to lint the OpenAPI document");
        }
        assumeTrue(npx, "npx is not on the PATH: the OpenAPI lint runs where npm is installed");
        Path document = dir.resolve("openapi.json");
        Files.writeString(document, gateway.api().get("/openapi").assertJson(200).text());
        Path config = dir.resolve("redocly.yaml");
        try (InputStream in = OpenApiLintTest.class.getResourceAsStream("/redocly.yaml")) {
            Files.write(config, in.readAllBytes());
        }

        Process lint = new ProcessBuilder(List.of("npx", "--yes", REDOCLY, "lint", "--config", config.toString(),
                document.toString())).redirectErrorStream(true).start();
        String output = new String(lint.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(lint.waitFor(5, TimeUnit.MINUTES)).isTrue();

        assertThat(lint.exitValue()).as(output).isZero();
        assertThat(output).as(output).contains("Your API description is valid")
                .doesNotContain("Warning was generated").doesNotContain("You have");
    }

    private static boolean onPath(String command) throws IOException, InterruptedException {
        Process which = new ProcessBuilder("sh", "-c", "command -v " + command).start();
        return which.waitFor(10, TimeUnit.SECONDS) && which.exitValue() == 0;
    }
}
