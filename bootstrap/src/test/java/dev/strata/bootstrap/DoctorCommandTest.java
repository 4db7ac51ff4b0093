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
        assertThat(auditRows("doctor.fix.reflect_pending")).as("one row per tenant it acted on").isEqualTo(2);

        assertThat(shell.run("doctor", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("reflect_pending: 2 due", "[default]: 1 pending, 1 older than 72h, 1 due, "
                + "0 expired; waiting: ").containsIgnoringCase("model");
    }

    @Test
    void actions_must_be_known_and_only_and_apply_go_with_fix() throws Exception {
        declareAndRecord();

        assertThat(shell.run("doctor", "--fix", "--only", "embeddings,vacuum", "--data-dir", dataDir.toString())).isNotZero();
        assertThat(shell.err()).contains("unknown action 'vacuum'", "embeddings, edges, methodology_demotion, reflect_pending");
        assertThat(shell.run("doctor", "--apply", "--data-dir", dataDir.toString())).isNotZero();
        assertThat(shell.err()).contains("--only and --apply go with --fix");
        assertThat(shell.run("doctor", "--only", "edges", "--data-dir", dataDir.toString())).isNotZero();
        assertThat(shell.err()).contains("--only and --apply go with --fix");
    }

    /** A memory with edges, a quarantined methodology, on top of the two role entries. */
    private void seedMemoryAndLearning() throws Exception {
        declareAndRecord();
        try (StrataCore core = StrataCore.open(settings(), Clock.systemUTC())) {
            core.memory().memories().write(new dev.strata.application.memory.WriteMemory(Tenant.of("desk"), "lesson",
                    "bought BTC and ETH on base", dev.strata.domain.memory.Metadata.EMPTY,
                    Optional.of(dev.strata.domain.memory.Source.USER_MANUAL), TestActors.OPERATOR));
            core.learning().methodologies().create(Tenant.of("desk"), new dev.strata.application.learning.MethodologyDraft(
                    "crypto_major", "Buy the dip", "Buy BTC after a 20% drawdown.", Optional.empty()));
        }
    }

    private StrataSettings settings() {
        return SettingsLoader.fromDefaults().load().withDataDir(dataDir).withoutEmbeddings();
    }

    @Test
    void the_report_has_the_methodology_embedding_and_edge_sections() throws Exception {
        seedMemoryAndLearning();

        assertThat(shell.run("doctor", "--data-dir", dataDir.toString())).isZero();

        assertThat(shell.out()).contains("memory health", "methodologies: 0 graduated, 1 quarantined",
                "- [desk]: 0 graduated, 1 quarantined",
                "embeddings: memories pending 1, embedded 0, failed 0, skipped 0; role memory 0 embedded, 2 without a vector",
                "edges: memories 4, role_memory 2", "- top entities [desk]: base (chain, 1 memories), BTC (ticker, 1 memories)");
    }

    @Test
    void anonymous_buckets_every_count_and_names_no_tenant_entity_or_reason() throws Exception {
        seedMemoryAndLearning();

        assertThat(shell.run("doctor", "--anonymous", "--data-dir", dataDir.toString())).isZero();

        assertThat(shell.out()).contains("memory health (anonymous: counts bucketed)",
                "methodologies: 0 graduated, 1-9 quarantined", "edges: memories 1-9, role_memory 1-9",
                "- top entities [tenant-", "hidden (--anonymous)", "[tenant-1]", "[tenant-2]")
                .doesNotContain("desk", "BTC", "waiting:", "[default]");
    }

    @Test
    void fix_without_only_is_a_dry_run_of_the_default_actions_that_writes_no_audit_row() throws Exception {
        seedMemoryAndLearning();
        long before = auditRows("doctor.fix.%");

        assertThat(shell.run("doctor", "--fix", "--data-dir", dataDir.toString())).isZero();

        assertThat(shell.out()).contains("embeddings: dry run; --apply embeds 1 pending or failed memories and 2 "
                        + "role-memory entries", "edges: dry run", "methodology_demotion: dry run")
                .doesNotContain("reflect_pending: dry run");
        assertThat(auditRows("doctor.fix.%")).isEqualTo(before).isZero();
    }

    @Test
    void applied_edges_and_demotion_restore_lost_edges_and_are_audited_and_a_rerun_adds_nothing() throws Exception {
        seedMemoryAndLearning();
        try (StrataCore core = StrataCore.open(settings(), Clock.systemUTC());
             java.sql.Connection c = core.database().connection(); java.sql.Statement s = c.createStatement()) {
            s.execute("DELETE FROM memory_edges");
        }

        assertThat(shell.run("doctor", "--fix", "--only", "edges,methodology_demotion", "--apply", "--data-dir",
                dataDir.toString())).isZero();
        assertThat(shell.out()).contains("edges: replayed 1 memories (4 edges added) and 2 role-memory entries "
                + "(2 edges added)", "methodology_demotion: [desk] 0 rescored, 0 demoted");
        assertThat(auditRows("doctor.fix.edges")).isEqualTo(1);
        assertThat(auditRows("doctor.fix.methodology_demotion")).isEqualTo(1);

        assertThat(shell.run("doctor", "--fix", "--only", "edges", "--apply", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("(0 edges added) and 2 role-memory entries (0 edges added)",
                "edges: memories 4, role_memory 2");
        assertThat(auditRows("doctor.fix.edges")).isEqualTo(2);
    }

    @Test
    void applied_embeddings_without_a_provider_do_nothing_and_write_no_audit_row() throws Exception {
        seedMemoryAndLearning();

        // The test JVM runs with EMBEDDING_PROVIDER=disabled (bootstrap's surefire configuration).
        assertThat(shell.run("doctor", "--fix", "--only", "embeddings", "--apply", "--data-dir", dataDir.toString()))
                .isZero();

        assertThat(shell.out()).contains("embeddings: embeddings are disabled or sqlite-vec could not load; nothing done");
        assertThat(auditRows("doctor.fix.embeddings")).isZero();
    }

    @Test
    void the_embeddings_action_embeds_the_pending_memory_and_the_role_entries_with_the_local_model() throws Exception {
        seedMemoryAndLearning();
        StrataSettings local = settings();
        local = local.with(local.embedding().withProvider(dev.strata.adapters.llm.embedding.EmbeddingProvider.LOCAL));

        try (StrataCore core = StrataCore.open(local, Clock.systemUTC())) {
            assertThat(dev.strata.bootstrap.cli.DoctorCommand.embedBacklog(core))
                    .contains(new dev.strata.bootstrap.cli.DoctorCommand.Embedded(1, 2));
            assertThat(dev.strata.bootstrap.cli.DoctorCommand.embedBacklog(core)).as("idempotent")
                    .contains(new dev.strata.bootstrap.cli.DoctorCommand.Embedded(0, 0));
        }
        assertThat(shell.run("doctor", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("embeddings: memories pending 0, embedded 1, failed 0, skipped 0; role memory "
                + "2 embedded, 0 without a vector");
    }

    private long auditRows(String actionLike) throws Exception {
        try (StrataCore core = StrataCore.open(settings(), Clock.systemUTC());
             java.sql.Connection c = core.database().connection();
             java.sql.PreparedStatement q = c.prepareStatement("SELECT COUNT(*) FROM audit_log WHERE action LIKE ?")) {
            q.setString(1, actionLike);
            try (java.sql.ResultSet r = q.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }
}
