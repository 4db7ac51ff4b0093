package dev.strata.bootstrap;

import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code strata edges rebuild} on a real data directory: adds what is missing, then nothing. */
class EdgesCommandTest {

    @TempDir
    Path dataDir;

    private final Cli.Shell shell = new Cli.Shell();

    private StrataCore open() {
        return StrataCore.open(SettingsLoader.fromDefaults().load().withDataDir(dataDir), Clock.systemUTC());
    }

    @Test
    void a_rebuild_restores_lost_edges_and_a_second_run_adds_none() throws SQLException {
        Tenant tenant = Tenant.of("cli");
        try (StrataCore core = open()) {
            core.memory().memories().write(new WriteMemory(tenant, "lesson", "bought BTC and ETH on base",
                    Metadata.EMPTY, Optional.of(Source.USER_MANUAL), TestActors.OPERATOR));
            core.memory().memories().write(new WriteMemory(Tenant.of("other"), "lesson", "sold SOL",
                    Metadata.EMPTY, Optional.of(Source.USER_MANUAL), TestActors.OPERATOR));
            // As if the rows predated the edges: the table is emptied behind the store's back.
            try (Connection c = core.database().connection(); Statement s = c.createStatement()) {
                s.execute("DELETE FROM memory_edges");
            }
        }

        assertThat(shell.run("edges", "rebuild", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("replayed 2 memories: 5 edges added");
        assertThat(shell.run("edges", "rebuild", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("replayed 2 memories: 0 edges added");

        try (StrataCore core = open()) {
            var btc = core.memory().entities().neighborhood(tenant, "BTC", Optional.empty(), Optional.empty());
            assertThat(btc.memories()).singleElement()
                    .satisfies(l -> assertThat(l.memory().content()).isEqualTo("bought BTC and ETH on base"));
        }
    }

    @Test
    void without_a_subcommand_it_is_a_usage_error() {
        assertThat(shell.run("edges", "--help")).isZero();
        assertThat(shell.run("edges", "rebuild", "--help")).isZero();
        assertThat(shell.run("edges")).isEqualTo(2);
        assertThat(shell.err()).contains("rebuild");
    }
}
