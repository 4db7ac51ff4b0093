package dev.strata.bootstrap;

import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.application.memory.WriteMemory;
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

    private String stdout;
    private String stderr;

    private int run(String... args) {
        Cli cli = Cli.run(args);
        stdout = cli.out();
        stderr = cli.err();
        return cli.exitCode();
    }

    private Strata.Opened open() {
        return Strata.open(SettingsLoader.fromDefaults().load().withDataDir(dataDir), Clock.systemUTC());
    }

    @Test
    void aRebuildRestoresLostEdgesAndASecondRunAddsNone() throws SQLException {
        Tenant tenant = Tenant.of("cli");
        try (Strata.Opened opened = open()) {
            opened.services().memories().write(new WriteMemory(tenant, "lesson", "bought BTC and ETH on base",
                    Metadata.EMPTY, Source.USER_MANUAL));
            opened.services().memories().write(new WriteMemory(Tenant.of("other"), "lesson", "sold SOL",
                    Metadata.EMPTY, Source.USER_MANUAL));
            // As if the rows predated the edges: the table is emptied behind the store's back.
            try (Connection c = opened.database().connection(); Statement s = c.createStatement()) {
                s.execute("DELETE FROM memory_edges");
            }
        }

        assertThat(run("edges", "rebuild", "--data-dir", dataDir.toString())).isZero();
        assertThat(stdout).contains("replayed 2 memories: 5 edges added");
        assertThat(run("edges", "rebuild", "--data-dir", dataDir.toString())).isZero();
        assertThat(stdout).contains("replayed 2 memories: 0 edges added");

        try (Strata.Opened opened = open()) {
            var btc = opened.services().entities().neighborhood(tenant, "BTC", Optional.empty(), Optional.empty());
            assertThat(btc.memories()).singleElement()
                    .satisfies(l -> assertThat(l.memory().content()).isEqualTo("bought BTC and ETH on base"));
        }
    }

    @Test
    void withoutASubcommandItIsAUsageError() {
        assertThat(run("edges", "--help")).isZero();
        assertThat(run("edges", "rebuild", "--help")).isZero();
        assertThat(run("edges")).isEqualTo(2);
        assertThat(stderr).contains("rebuild");
    }
}
