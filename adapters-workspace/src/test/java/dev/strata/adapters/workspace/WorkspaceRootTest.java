package dev.strata.adapters.workspace;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceRootTest {

    @TempDir
    Path temp;

    private Path workspace() throws IOException {
        return Files.createDirectories(temp.resolve("ws"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"../outside.md", "memory/../../outside.md", "..", ".", "/etc/passwd", "a\\b.md", ""})
    void names_that_leave_the_workspace_are_refused(String name) throws IOException {
        Files.writeString(temp.resolve("outside.md"), "secret");
        WorkspaceRoot root = new WorkspaceRoot(workspace());

        assertThatThrownBy(() -> root.resolveExisting(name)).isInstanceOf(WorkspacePathException.class);
        assertThatThrownBy(() -> root.resolveForCreate(name)).isInstanceOf(WorkspacePathException.class);
    }

    @Test
    void dot_dot_that_stays_inside_is_fine() throws IOException {
        Path ws = workspace();
        Files.writeString(ws.resolve("SOUL.md"), "soul");

        assertThat(new WorkspaceRoot(ws).resolveExisting("memory/../SOUL.md")).contains(ws.resolve("SOUL.md").toRealPath());
    }

    @Test
    void a_symlink_to_a_file_outside_is_refused() throws IOException {
        Path ws = workspace();
        Path outside = Files.writeString(temp.resolve("secret.txt"), "secret");
        Files.createSymbolicLink(ws.resolve("SOUL.md"), outside);

        assertThatThrownBy(() -> new WorkspaceRoot(ws).resolveExisting("SOUL.md"))
                .isInstanceOf(WorkspacePathException.class)
                .hasMessageContaining("resolves outside the workspace");
    }

    @Test
    void a_symlinked_directory_leading_outside_is_refused_for_reading_and_writing() throws IOException {
        Path ws = workspace();
        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("2026-11-22.md"), "note");
        Files.createSymbolicLink(ws.resolve("memory"), elsewhere);
        WorkspaceRoot root = new WorkspaceRoot(ws);

        assertThatThrownBy(() -> root.resolveExisting("memory/2026-11-22.md")).isInstanceOf(WorkspacePathException.class);
        assertThatThrownBy(() -> root.resolveForCreate("memory/2026-11-23.md")).isInstanceOf(WorkspacePathException.class);
    }

    @Test
    void a_symlink_inside_the_workspace_is_followed() throws IOException {
        Path ws = workspace();
        Path real = Files.writeString(ws.resolve("soul-v2.md"), "soul");
        Files.createSymbolicLink(ws.resolve("SOUL.md"), real);

        assertThat(new WorkspaceRoot(ws).resolveExisting("SOUL.md")).contains(real.toRealPath());
    }

    @Test
    void the_root_itself_may_be_a_symlink() throws IOException {
        Path real = workspace();
        Files.writeString(real.resolve("SOUL.md"), "soul");
        Path link = Files.createSymbolicLink(temp.resolve("link-to-ws"), real);

        assertThat(new WorkspaceRoot(link).resolveExisting("SOUL.md")).contains(real.resolve("SOUL.md").toRealPath());
    }

    @Test
    void a_missing_file_or_a_dangling_symlink_is_simply_absent() throws IOException {
        Path ws = workspace();
        Files.createSymbolicLink(ws.resolve("USER.md"), temp.resolve("gone.md"));
        WorkspaceRoot root = new WorkspaceRoot(ws);

        assertThat(root.resolveExisting("SOUL.md")).isEmpty();
        assertThat(root.resolveExisting("USER.md")).isEmpty();
    }

    @Test
    void a_configured_location_expands_the_home_directory() {
        Path home = Path.of("/home/ada");

        assertThat(WorkspaceRoot.locate(WorkspaceRoot.DEFAULT_LOCATION, home)).isEqualTo(Path.of("/home/ada/.strata/workspace"));
        assertThat(WorkspaceRoot.locate("~", home)).isEqualTo(home);
        assertThat(WorkspaceRoot.locate(" /srv/openclaw/workspace ", home)).isEqualTo(Path.of("/srv/openclaw/workspace"));
        assertThat(WorkspaceRoot.locate("~other/ws", home)).isEqualTo(Path.of("~other/ws"));
    }
}
