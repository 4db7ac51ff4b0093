package dev.strata.adapters.workspace;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.prompt.GroundTruth;
import dev.strata.domain.safety.PromptInjectionScanner;
import dev.strata.domain.workspace.IdentityMetadata;
import dev.strata.domain.workspace.WorkspaceKind;
import dev.strata.domain.workspace.WorkspaceLimits;
import dev.strata.domain.workspace.WorkspaceRead;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceInitializerTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path temp;

    @Test
    void a_new_workspace_gets_every_default_file_bootstrap_and_the_notes_directory() {
        Path dir = temp.resolve("a/b/workspace");

        WorkspaceInitializer.Result result = new WorkspaceInitializer(dir).initialize();

        assertThat(result.created()).containsExactly("SOUL.md", "AGENTS.md", "IDENTITY.md", "USER.md", "MEMORY.md",
                "TOOLS.md", "HEARTBEAT.md", "BOOTSTRAP.md", "memory/");
        assertThat(result.kept()).isEmpty();
        assertThat(dir.resolve("memory")).isDirectory();
        assertThat(dir.resolve("SOUL.md")).content(StandardCharsets.UTF_8).startsWith("# SOUL.md");
    }

    @Test
    void running_setup_again_changes_nothing() throws IOException {
        Path dir = temp.resolve("workspace");
        new WorkspaceInitializer(dir).initialize();
        Files.writeString(dir.resolve("USER.md"), "- name: Ada");

        WorkspaceInitializer.Result again = new WorkspaceInitializer(dir).initialize();

        assertThat(again.created()).isEmpty();
        assertThat(again.kept()).contains("USER.md", "memory/");
        assertThat(dir.resolve("USER.md")).content(StandardCharsets.UTF_8).isEqualTo("- name: Ada");
    }

    @Test
    void an_existing_openclaw_workspace_only_gets_its_gaps_filled_and_no_first_run_script() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("openclaw"));
        Files.writeString(dir.resolve("SOUL.md"), "my soul");
        Files.writeString(dir.resolve("memory.md"), "my lower-case memory");

        WorkspaceInitializer.Result result = new WorkspaceInitializer(dir).initialize();

        assertThat(result.kept()).containsExactly("SOUL.md", "memory.md");
        assertThat(result.created()).containsExactly("AGENTS.md", "IDENTITY.md", "USER.md", "TOOLS.md", "HEARTBEAT.md", "memory/");
        assertThat(dir.resolve("BOOTSTRAP.md")).doesNotExist();
        assertThat(dir.resolve("SOUL.md")).content(StandardCharsets.UTF_8).isEqualTo("my soul");
    }

    @Test
    void a_symlink_at_a_file_name_is_kept_and_never_written_through() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("workspace"));
        Path outside = temp.resolve("outside.md");
        Files.createSymbolicLink(dir.resolve("AGENTS.md"), outside);

        WorkspaceInitializer.Result result = new WorkspaceInitializer(dir).initialize();

        assertThat(result.kept()).contains("AGENTS.md");
        assertThat(outside).doesNotExist();
    }

    @Test
    void a_path_that_is_a_file_is_refused() throws IOException {
        Path file = Files.writeString(temp.resolve("not-a-dir"), "x");

        assertThatThrownBy(() -> new WorkspaceInitializer(file).initialize())
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("workspace"));
    }

    @Test
    void the_default_files_load_cleanly_state_nothing_and_trip_no_injection_pattern() {
        Path dir = temp.resolve("workspace");
        new WorkspaceInitializer(dir).initialize();

        WorkspaceRead snapshot = new FileSystemWorkspaceReader(dir, WorkspaceLimits.defaults(), CLOCK).load();

        assertThat(snapshot.notices()).isEmpty();
        assertThat(snapshot.files()).extracting(f -> f.kind()).contains(WorkspaceKind.SOUL, WorkspaceKind.BOOTSTRAP);
        assertThat(snapshot.identity()).isEqualTo(IdentityMetadata.empty());
        for (WorkspaceKind kind : new WorkspaceKind[] {WorkspaceKind.USER, WorkspaceKind.MEMORY}) {
            String text = snapshot.file(kind).orElseThrow().text();
            assertThat(GroundTruth.statementsIn(text, kind.fileName())).isEmpty();
        }
        for (WorkspaceKind kind : WorkspaceKind.rootFiles()) {
            String template = new String(WorkspaceInitializer.template(kind.fileName()), StandardCharsets.UTF_8);
            assertThat(new PromptInjectionScanner().scan(template)).as(kind.fileName()).isEmpty();
        }
    }
}
