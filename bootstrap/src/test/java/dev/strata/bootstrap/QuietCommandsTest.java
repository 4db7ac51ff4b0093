package dev.strata.bootstrap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 13, "quiet commands": administering keys, facts and edges never sets up the embedding model. Run
 * as the operator runs them, in a child JVM whose environment configures an embedding provider (the
 * test suite itself runs with embeddings disabled); {@code reindex}, which embeds, is the control.
 */
class QuietCommandsTest {

    @TempDir
    Path dir;

    private record Ran(int exit, String output) {
    }

    private Ran strata(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString(), "--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), "dev.strata.bootstrap.cli.Main"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("EMBEDDING_PROVIDER", "openai");
        builder.environment().put("STRATA_EMBEDDING_OPENAI_API_KEY", "sk-test-not-used");
        // Nothing listens there: a command that reached for the provider would fail or log it.
        builder.environment().put("STRATA_EMBEDDING_OPENAI_BASE_URL", "http://127.0.0.1:9/v1");
        builder.environment().put("STRATA_EMBEDDING_OPENAI_DIMENSION", "8");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Ran(process.exitValue(), output);
    }

    @Test
    void key_fact_and_edge_administration_set_up_no_embedding_model_while_reindex_does() throws Exception {
        String data = dir.toString();

        List<Ran> administration = List.of(
                strata("keys", "create", "--tenant", "acme", "--data-dir", data),
                strata("keys", "list", "--data-dir", data),
                strata("facts", "list", "--tenant", "acme", "--data-dir", data),
                strata("edges", "rebuild", "--data-dir", data));
        Ran reindex = strata("reindex", "--data-dir", data);

        for (Ran ran : administration) {
            assertThat(ran.exit()).as(ran.output()).isZero();
            assertThat(ran.output()).doesNotContain("embeddings: openai");
        }
        assertThat(reindex.output()).as("the control: a command that embeds sets the model up")
                .contains("embeddings: openai");
    }
}
