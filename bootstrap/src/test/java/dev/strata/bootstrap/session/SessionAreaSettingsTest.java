package dev.strata.bootstrap.session;

import dev.strata.bootstrap.area.TestConfig;
import dev.strata.domain.workspace.WorkspaceLimits;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** {@link WorkspaceSettings} and {@link SessionSettings}: the two settings records of the session area. */
class SessionAreaSettingsTest {

    @Test
    void the_workspace_defaults_to_the_users_home_and_sessions_live_a_day() {
        WorkspaceSettings workspace = WorkspaceSettings.from(TestConfig.defaults());
        SessionSettings sessions = SessionSettings.from(TestConfig.defaults());

        assertThat(workspace.directory()).isEqualTo(TestConfig.HOME.resolve(".strata/workspace"));
        assertThat(workspace.limits()).isEqualTo(WorkspaceLimits.defaults());
        assertThat(sessions.ttl()).isEqualTo(Duration.ofDays(1));
        assertThat(sessions.purgeInterval()).isEqualTo(Duration.ofMinutes(30));
    }

    @Test
    void the_environment_points_the_workspace_elsewhere() {
        WorkspaceSettings workspace = WorkspaceSettings.from(TestConfig.with(Map.of("STRATA_WORKSPACE", "~/openclaw",
                "STRATA_WORKSPACE_DAILY_NOTE_DAYS", "7")));

        assertThat(workspace.directory()).isEqualTo(Path.of("/home/ada/openclaw"));
        assertThat(workspace.limits().dailyNoteDays()).isEqualTo(7);
        assertThat(workspace.withDirectory(Path.of("/srv/ws")).limits()).isEqualTo(workspace.limits());
    }

    @Test
    void a_bad_value_names_its_key_and_variable() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SessionSettings.from(TestConfig.with(Map.of("STRATA_SESSION_TTL_MINUTES", "0"))))
                .withMessage("configuration strata.sessions.ttl-minutes (STRATA_SESSION_TTL_MINUTES) must be positive, "
                        + "got '0'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SessionSettings.from(TestConfig.with(Map.of("STRATA_SESSION_PURGE_INTERVAL_MINUTES",
                        "hourly"))))
                .withMessageContaining("strata.sessions.purge-interval-minutes (STRATA_SESSION_PURGE_INTERVAL_MINUTES)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> WorkspaceSettings.from(TestConfig.with(Map.of("STRATA_WORKSPACE_MAX_FILE_CHARS", "10"))))
                .withMessageStartingWith("configuration strata.workspace.*: ").withMessageContaining("maxFileChars");
    }
}
