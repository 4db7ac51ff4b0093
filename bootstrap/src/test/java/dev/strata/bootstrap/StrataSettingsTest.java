package dev.strata.bootstrap;

import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.fact.FactSettings;
import dev.strata.bootstrap.server.ServerSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class StrataSettingsTest {

    private final StrataSettings defaults = SettingsLoader.fromDefaults().load();

    @Test
    void with_replaces_the_one_area_it_is_given_and_keeps_every_other() {
        FactSettings.Sweep fast = new FactSettings.Sweep(Duration.ofMillis(20), Duration.ofMillis(200));

        StrataSettings changed = defaults.with(defaults.facts().withSweep(fast)).with(ServerSettings.on("127.0.0.1", 0));

        assertThat(changed.facts().sweep()).isEqualTo(fast);
        assertThat(changed.server().gateway().port()).isZero();
        assertThat(changed).isEqualTo(new StrataSettings(defaults.storage(), changed.server(), defaults.memory(),
                defaults.search(), defaults.embedding(), defaults.llm(), changed.facts(), defaults.workspace(),
                defaults.sessions(), defaults.learning(), defaults.vault(), defaults.roles(),
                defaults.personalization(), defaults.conversation(), defaults.trading(), defaults.rebuild()));
    }

    @Test
    void the_data_and_workspace_directories_have_their_own_shortcuts() {
        StrataSettings moved = defaults.withDataDir(Path.of("/srv/data")).withWorkspaceDir(Path.of("/srv/ws"));

        assertThat(moved.storage().databaseFile()).isEqualTo(Path.of("/srv/data/strata.db"));
        assertThat(moved.workspace().directory()).isEqualTo(Path.of("/srv/ws"));
        assertThat(moved.workspace().limits()).isEqualTo(defaults.workspace().limits());
    }

    private record Unknown() implements AreaSettings {
    }

    @Test
    void settings_of_an_area_strata_does_not_have_are_refused() {
        assertThatIllegalArgumentException().isThrownBy(() -> defaults.with(new Unknown()))
                .withMessageContaining("Unknown");
    }
}
