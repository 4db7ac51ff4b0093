package dev.strata.bootstrap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code strata setup}: creates what is missing, keeps what exists, says which is which. */
class SetupCommandTest {

    @TempDir
    Path temp;

    private final Cli.Shell shell = new Cli.Shell();

    @Test
    void setup_creates_the_default_files_then_keeps_them_on_the_next_run() throws IOException {
        Path ws = temp.resolve("ws");

        assertThat(shell.run("setup", "--workspace", ws.toString())).isZero();
        assertThat(shell.out()).contains("workspace " + ws.toAbsolutePath(), "created  SOUL.md", "created  BOOTSTRAP.md",
                "created  memory/");
        assertThat(ws.resolve("AGENTS.md")).exists();

        Files.writeString(ws.resolve("USER.md"), "- name: Ada\n");
        assertThat(shell.run("setup", "--workspace", ws.toString())).isZero();
        assertThat(shell.out()).contains("kept     USER.md", "kept     memory/", "nothing to do").doesNotContain("created");
        assertThat(ws.resolve("USER.md")).hasContent("- name: Ada");
    }

    @Test
    void an_existing_open_claw_workspace_only_gets_its_gaps_filled() throws IOException {
        Path ws = Files.createDirectories(temp.resolve("openclaw"));
        Files.writeString(ws.resolve("SOUL.md"), "my soul");

        assertThat(shell.run("setup", "--workspace", ws.toString())).isZero();

        assertThat(shell.out()).contains("kept     SOUL.md", "created  AGENTS.md").doesNotContain("BOOTSTRAP.md");
        assertThat(ws.resolve("SOUL.md")).hasContent("my soul");
    }

    @Test
    void a_file_where_the_workspace_should_be_is_a_failure_not_a_usage_error() throws IOException {
        Path file = Files.writeString(temp.resolve("not-a-dir"), "x");

        assertThat(shell.run("setup", "--workspace", file.toString())).isEqualTo(1);
        assertThat(shell.err()).contains("not a directory");
    }

    @Test
    void help_and_usage_errors() {
        assertThat(shell.run("setup", "--help")).isZero();
        assertThat(shell.out()).contains("--workspace");
        assertThat(shell.run("setup", "--bogus")).isEqualTo(2);
        assertThat(shell.run("setup", "--workspace")).isEqualTo(2);
        assertThat(shell.run("serve", "--help")).isZero();
        assertThat(shell.out()).contains("--workspace");
        assertThat(shell.run("serve", "--workspace")).isEqualTo(2);
    }
}
