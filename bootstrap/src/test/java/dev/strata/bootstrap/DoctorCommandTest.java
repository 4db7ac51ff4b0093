package dev.strata.bootstrap;

import dev.strata.application.role.RecordDecision;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.RoleInputs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code strata doctor} on a real data directory without a model: role memory's 72-hour backlog and the
 * {@code reflect_pending} work it reports, and {@code --fix --only reflect_pending}, dry and applied.
 */
class DoctorCommandTest {

    private static final String THESIS = "analysis.valuation.thesis";

    @TempDir
    Path dataDir;

    private final Cli.Shell shell = new Cli.Shell();

    /** A manual role; one decision recorded 100 hours ago with its outcome (due), one just now without. */
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
        StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dataDir).withoutEmbeddings();
        Clock earlier = Clock.fixed(Instant.now().minus(Duration.ofHours(100)), ZoneOffset.UTC);
        try (StrataCore core = StrataCore.open(settings, earlier)) {
            var entry = core.role().roles().record(new RecordDecision(Tenant.DEFAULT, THESIS, RoleInputs.EMPTY,
                    "long ETH on the staking thesis", Optional.of("ETH")), TestActors.OPERATOR_ACTOR);
            core.role().roles().recordOutcome(Tenant.DEFAULT, entry.id(), "ETH fell 20% after the unlock",
                    Optional.empty(), TestActors.OPERATOR_ACTOR);
        }
        try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
            core.role().roles().record(new RecordDecision(Tenant.of("desk"), THESIS, RoleInputs.EMPTY,
                    "short SOL into the unlock", Optional.of("SOL")), TestActors.OPERATOR_ACTOR);
        }
    }

    @Test
    void the_report_names_the_backlog_and_the_due_reflections_a_missing_model_leaves_waiting() throws Exception {
        declareAndRecord();

        assertThat(shell.run("doctor", "--data-dir", dataDir.toString())).isZero();

        assertThat(shell.out()).contains("role memory: 1 roles declared, model not configured (reflections wait)",
                "pending: 2, older than 72h: 1", "reflect_pending: 2 due (strata doctor --fix --only reflect_pending --apply)",
                "- " + THESIS + " [default]: 1 pending, 1 older than 72h, 1 due, 0 expired",
                "- " + THESIS + " [desk]: 1 pending, 0 older than 72h, 1 due, 0 expired");
    }

    @Test
    void reflect_pending_is_a_dry_run_without_apply_and_with_it_leaves_entries_pending_naming_why() throws Exception {
        declareAndRecord();

        assertThat(shell.run("doctor", "--fix", "--only", "reflect_pending", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("reflect_pending: dry run", "no language model is configured")
                .doesNotContain("waiting:");

        assertThat(shell.run("doctor", "--fix", "--only", "reflect_pending", "--apply", "--data-dir",
                dataDir.toString())).isZero();
        assertThat(shell.out()).contains("reflect_pending: " + THESIS + " [default]: ",
                "reflect_pending: " + THESIS + " [desk]: ");

        assertThat(shell.run("doctor", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("reflect_pending: 2 due", "[default]: 1 pending, 1 older than 72h, 1 due, "
                + "0 expired; waiting: ").containsIgnoringCase("model");
    }

    @Test
    void fix_asks_for_a_known_action_and_only_goes_with_fix() throws Exception {
        declareAndRecord();

        assertThat(shell.run("doctor", "--fix", "--data-dir", dataDir.toString())).isNotZero();
        assertThat(shell.err()).contains("--fix needs --only reflect_pending");
        assertThat(shell.run("doctor", "--fix", "--only", "embeddings", "--data-dir", dataDir.toString())).isNotZero();
        assertThat(shell.err()).contains("unknown action 'embeddings'");
        assertThat(shell.run("doctor", "--apply", "--data-dir", dataDir.toString())).isNotZero();
        assertThat(shell.err()).contains("--only and --apply go with --fix");
    }
}
