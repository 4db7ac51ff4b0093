package dev.strata.adapters.workspace;

import dev.strata.domain.workspace.WorkspaceKind;
import dev.strata.domain.workspace.WorkspaceLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class FileSystemWorkspaceBootstrapTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path temp;

    @Test
    void deletes_bootstrap_so_the_reader_no_longer_sees_it() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("ws"));
        Files.writeString(dir.resolve("BOOTSTRAP.md"), "say hello once");
        Files.writeString(dir.resolve("SOUL.md"), "soul");
        FileSystemWorkspaceReader reader = new FileSystemWorkspaceReader(dir, WorkspaceLimits.defaults(), CLOCK);
        assertThat(reader.load().file(WorkspaceKind.BOOTSTRAP)).isPresent();

        assertThat(new FileSystemWorkspaceBootstrap(dir).delete()).isTrue();

        assertThat(dir.resolve("BOOTSTRAP.md")).doesNotExist();
        assertThat(dir.resolve("SOUL.md")).exists();
        assertThat(reader.load().file(WorkspaceKind.BOOTSTRAP)).isEmpty();
        assertThat(new FileSystemWorkspaceBootstrap(dir).delete()).isFalse();
    }

    @Test
    void a_missing_workspace_has_nothing_to_delete() {
        assertThat(new FileSystemWorkspaceBootstrap(temp.resolve("nowhere")).delete()).isFalse();
    }

    @Test
    void a_symlinked_bootstrap_loses_the_link_and_keeps_its_target() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("ws"));
        Path target = Files.writeString(dir.resolve("first-run.md"), "shared script");
        Files.createSymbolicLink(dir.resolve("BOOTSTRAP.md"), target);

        assertThat(new FileSystemWorkspaceBootstrap(dir).delete()).isTrue();

        assertThat(Files.exists(dir.resolve("BOOTSTRAP.md"), java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(target).hasContent("shared script");
    }

    @Test
    void a_bootstrap_link_leading_out_of_the_workspace_is_never_touched() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("ws"));
        Path outside = Files.writeString(temp.resolve("outside.md"), "not yours");
        Files.createSymbolicLink(dir.resolve("BOOTSTRAP.md"), outside);

        assertThat(new FileSystemWorkspaceBootstrap(dir).delete()).isFalse();

        assertThat(outside).hasContent("not yours");
        assertThat(Files.isSymbolicLink(dir.resolve("BOOTSTRAP.md"))).isTrue();
    }
}
