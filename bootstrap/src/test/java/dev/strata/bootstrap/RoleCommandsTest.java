package dev.strata.bootstrap;

import dev.strata.application.role.RecordDecision;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.RoleInputs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code strata reflect <role>} and {@code strata recall <role> [--query]} on a real data directory. */
class RoleCommandsTest {

    private static final String ROLE = "analysis.valuation.thesis";

    @TempDir
    Path dataDir;

    private final Cli.Shell shell = new Cli.Shell();

    private void declareAndRecord() throws Exception {
        Files.createDirectories(dataDir.resolve("roles"));
        Files.writeString(dataDir.resolve("roles/valuation.yaml"), """
                skill: analysis.valuation
                roles:
                  - id: analysis.valuation.thesis
                    label: Long-term thesis
                    failureModes: [narrative over numbers]
                    reflectionPrompt: "Thesis {decision} ({asset}) turned out {pnl}; classified {type}. One lesson."
                    reflectionPolicy:
                      outcomeProbe: {kind: manual}
                      minAgeHours: 0
                      maxAgeHours: 8760
                """);
        StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dataDir);
        try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
            var entry = core.role().roles().record(new RecordDecision(Tenant.DEFAULT, ROLE, RoleInputs.EMPTY,
                    "long ETH on the staking thesis", Optional.of("ETH")), Actor.UNKNOWN);
            core.role().roles().recordOutcome(Tenant.DEFAULT, entry.id(), "ETH fell 20% after the unlock",
                    Optional.empty(), TestActors.OPERATOR_ACTOR);
        }
    }

    @Test
    void reflect_without_a_model_keeps_the_entry_pending_and_says_why() throws Exception {
        declareAndRecord();

        shell.run("reflect", ROLE, "--data-dir", dataDir.toString());

        assertThat(shell.out()).startsWith(ROLE + ": ").contains("#1 pending");
    }

    @Test
    void recall_with_a_query_finds_the_roles_decision_and_without_lessons_says_so() throws Exception {
        declareAndRecord();

        assertThat(shell.run("recall", ROLE, "--query", "staking", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("#1 pending long ETH on the staking thesis");
        assertThat(shell.run("recall", ROLE, "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("no lessons yet");
    }

    @Test
    void an_undeclared_role_is_refused_naming_it() throws Exception {
        declareAndRecord();

        assertThat(shell.run("recall", "analysis.valuation.nope", "--data-dir", dataDir.toString())).isEqualTo(2);
        assertThat(shell.err()).contains("analysis.valuation.nope");
    }
}
