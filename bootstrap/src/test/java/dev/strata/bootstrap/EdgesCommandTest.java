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
    void a_rebuild_restores_the_typed_edges_of_role_memory_rows_and_a_second_run_adds_none() throws Exception {
        java.nio.file.Files.createDirectories(dataDir.resolve("roles"));
        java.nio.file.Files.writeString(dataDir.resolve("roles/thesis.yaml"), """
                skill: research.thesis
                roles:
                  - id: research.thesis.long
                    label: Long-term thesis
                    failureModes: [narrative over numbers]
                    reflectionPrompt: "Thesis {decision} ({asset}) turned out {pnl}; classified {type}. One lesson."
                    reflectionPolicy:
                      outcomeProbe: {kind: manual}
                      minAgeHours: 0
                      maxAgeHours: 8760
                """);
        Tenant tenant = Tenant.of("desk");
        java.util.List<String> recorded;
        dev.strata.domain.role.RoleMemoryId id;
        try (StrataCore core = open()) {
            var entry = core.role().roles().record(new dev.strata.application.role.RecordDecision(tenant,
                    "research.thesis.long", dev.strata.domain.role.RoleInputs.EMPTY, "bought SOL and ETH on base",
                    Optional.of("ETH")), TestActors.OPERATOR_ACTOR);
            id = entry.id();
            recorded = roleEdges(core, id.value());
            try (Connection c = core.database().connection(); Statement s = c.createStatement()) {
                s.execute("DELETE FROM memory_edges WHERE src_table = 'role_memory'");
            }
            assertThat(roleEdges(core, id.value())).isEmpty();
        }
        assertThat(recorded).contains("desk holds ticker SOL", "desk mentions chain base");

        assertThat(shell.run("edges", "rebuild", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("replayed 0 memories: 0 edges added",
                "replayed 1 role-memory entries: " + recorded.size() + " edges added");
        assertThat(shell.run("edges", "rebuild", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("replayed 1 role-memory entries: 0 edges added");

        try (StrataCore core = open()) {
            assertThat(roleEdges(core, id.value())).containsExactlyInAnyOrderElementsOf(recorded);
        }
    }

    /** The role_memory edges of one entry, each as "tenant type kind key". */
    private static java.util.List<String> roleEdges(StrataCore core, long id) throws SQLException {
        java.util.List<String> out = new java.util.ArrayList<>();
        try (Connection c = core.database().connection(); Statement s = c.createStatement();
             var rows = s.executeQuery("SELECT tenant, edge_type, dst_entity_kind, dst_entity_key FROM memory_edges "
                     + "WHERE src_table = 'role_memory' AND src_id = " + id)) {
            while (rows.next()) {
                out.add(rows.getString(1) + " " + rows.getString(2) + " " + rows.getString(3) + " " + rows.getString(4));
            }
        }
        return out;
    }

    @Test
    void without_a_subcommand_it_is_a_usage_error() {
        assertThat(shell.run("edges", "--help")).isZero();
        assertThat(shell.run("edges", "rebuild", "--help")).isZero();
        assertThat(shell.run("edges")).isEqualTo(2);
        assertThat(shell.err()).contains("rebuild");
    }
}
