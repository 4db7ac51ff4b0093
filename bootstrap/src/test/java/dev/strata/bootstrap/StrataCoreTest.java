package dev.strata.bootstrap;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.application.learning.LearningLoopSettings;
import dev.strata.application.memory.WriteMemory;
import dev.strata.bootstrap.area.Job;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** Every area wired on one database file, without a server: what the CLI commands use. */
class StrataCoreTest {

    @TempDir
    Path dataDir;

    private StrataSettings settings() {
        StrataSettings defaults = SettingsLoader.fromDefaults().load().withDataDir(dataDir);
        return defaults.with(defaults.embedding().withProvider(EmbeddingProvider.DISABLED));
    }

    @Test
    void the_areas_share_one_database_and_see_each_others_writes() {
        try (StrataCore core = StrataCore.open(settings(), Clock.systemUTC())) {
            Tenant tenant = Tenant.of("core");
            core.memory().memories().write(new WriteMemory(tenant, "lesson", "bought BTC on base", Metadata.EMPTY, Optional.of(Source.USER_MANUAL), TestActors.OPERATOR));
            core.profile().profile().set(tenant, "risk", "low", TestActors.OPERATOR_ACTOR);

            assertThat(core.retrieval().search().search(new SearchRequest(tenant, "BTC", 5,
                    Optional.empty())).hits()).hasSize(1);
            assertThat(core.session().snapshots().render(tenant)).contains("bought BTC on base", "risk: low");
            assertThat(core.memory().entities().neighborhood(tenant, "BTC", Optional.empty(), Optional.empty())
                    .memories()).hasSize(1);
            assertThat(core.retrieval().worker()).as("embeddings are disabled").isEmpty();
            assertThat(core.llm().languageModel().isEnabled()).isFalse();
        }
    }

    @Test
    void every_area_declares_its_jobs_with_the_configured_periods() {
        StrataSettings s = settings();
        try (StrataCore core = StrataCore.open(s, Clock.systemUTC())) {
            assertThat(core.jobs()).extracting(Job::what, Job::period).containsExactlyInAnyOrder(
                    tuple("catch-up of pending embeddings", s.embedding().catchUpInterval()),
                    tuple("compaction of the search indexes",
                            s.search().indexCompactionInterval()),
                    tuple("purge of expired soft-deleted memories", s.memory().purgeInterval()),
                    tuple("catch-up consolidation of pending facts", s.facts().retryInterval()),
                    tuple("purge of expired sessions", s.sessions().purgeInterval()),
                    tuple("demotion sweep of methodologies", s.learning().demotionInterval()),
                    tuple("preference mining", s.learning().miningInterval()),
                    tuple("purge of expired Idempotency-Keys", java.time.Duration.ofHours(1)),
                    tuple("purge of pushed prices past retention", Duration.ofDays(1)),
                    tuple("recompute of capital metrics", s.personalization().capitalInterval()),
                    tuple("purge of conversation messages past retention", s.conversation().purgeInterval()),
                    tuple("personalization rebuild sweep (memories, trading summary, tags)",
                            s.rebuild().sweepInterval()),
                    tuple("markets tag update", s.rebuild().policy().marketsInterval()));
            assertThat(core.jobs()).filteredOn(job -> job.what().startsWith("personalization rebuild"))
                    .singleElement().extracting(Job::firstDelay).as("nothing rebuilds at boot")
                    .isEqualTo(s.rebuild().sweepInterval());
            assertThat(core.jobs()).filteredOn(job -> job.what().startsWith("catch-up of pending embeddings"))
                    .singleElement().extracting(Job::firstDelay).isEqualTo(Duration.ZERO);
        }
    }

    @Test
    void the_rebuild_flows_take_their_cooldowns_from_the_personalization_settings() {
        StrataSettings s = settings();
        StrataSettings tuned = s.with(s.personalization().withPolicy(s.personalization().policy()
                .withRebuildCooldowns(Duration.ofMinutes(7), Duration.ofDays(2), Duration.ofMinutes(3))));
        try (StrataCore core = StrataCore.open(tuned, Clock.systemUTC())) {
            var policy = core.rebuild().rebuilder().settings();
            assertThat(policy.tradingSummaryCooldown()).isEqualTo(Duration.ofMinutes(7));
            assertThat(policy.tagsCooldown()).isEqualTo(Duration.ofDays(2));
            assertThat(policy.memoriesCooldown()).isEqualTo(Duration.ofMinutes(3));
        }
    }

    @Test
    void index_compaction_switched_off_is_no_job() {
        StrataSettings s = settings();
        try (StrataCore core = StrataCore.open(s.with(s.search().withIndexCompactionInterval(Duration.ZERO)),
                Clock.systemUTC())) {
            assertThat(core.jobs()).extracting(Job::what).doesNotContain("compaction of the search indexes");
        }
    }

    @Test
    void learning_features_switched_off_are_no_jobs_and_synthesis_without_a_model_is_none() {
        StrataSettings s = settings();
        LearningLoopSettings off = s.learning().loop().withDemotion(false).withMining(false, false);
        try (StrataCore core = StrataCore.open(s.with(s.learning().withLoop(off)), Clock.systemUTC())) {
            assertThat(core.jobs()).extracting(Job::what).doesNotContain("demotion sweep of methodologies",
                    "preference mining", "synthesis of methodologies from winning cases");
        }
    }

    @Test
    void a_memory_write_invalidates_the_learning_areas_compiled_page() {
        try (StrataCore core = StrataCore.open(settings(), Clock.systemUTC())) {
            Tenant tenant = Tenant.of("core");
            assertThat(core.learning().pages().page(tenant, "BTC", true).cached()).isFalse();
            assertThat(core.learning().pages().page(tenant, "BTC", true).cached()).isTrue();

            core.memory().memories().write(new WriteMemory(tenant, "observation", "BTC looks heavy", Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), TestActors.OPERATOR));

            assertThat(core.learning().pages().page(tenant, "BTC", true).cached()).isFalse();
        }
    }

    @Test
    void role_files_in_the_data_directory_are_declared_at_open_with_their_cron_tick() throws Exception {
        Path roles = Files.createDirectories(dataDir.resolve("roles"));
        Files.writeString(roles.resolve("valuation.yaml"), ROLE_FILE.formatted("0 6 * * *"));
        StrataSettings s = settings();
        try (StrataCore core = StrataCore.open(s, Clock.systemUTC())) {
            assertThat(core.role().roles().roles()).extracting(r -> r.id().value())
                    .containsExactly("analysis.valuation.target_price");
            assertThat(core.jobs()).extracting(Job::what, Job::period)
                    .contains(tuple("role reflection cron tick", s.roles().cronTick()));
        }
    }

    @Test
    void a_bad_role_file_stops_open_with_one_line_naming_the_file_and_the_field() throws Exception {
        Path roles = Files.createDirectories(dataDir.resolve("roles"));
        Files.writeString(roles.resolve("valuation.yaml"), ROLE_FILE.formatted("61 * * * *"));

        assertThatThrownBy(() -> StrataCore.open(settings(), Clock.systemUTC()))
                .hasMessageContaining("valuation.yaml: roles[0].reflectionPolicy.cronExpr: invalid cron expression")
                .hasMessageNotContaining("\n");
    }

    private static final String ROLE_FILE = """
            skill: analysis.valuation
            roles:
              - id: analysis.valuation.target_price
                label: Target price call
                failureModes: [anchored to recent price]
                reflectionPrompt: "Target {decision} on {asset} came out {pnl} over {window} ({type}). One lesson."
                reflectionPolicy:
                  outcomeProbe: {kind: price_delta, windowHours: 168}
                  minAgeHours: 168
                  maxAgeHours: 720
                  triggers: [cron, on_price_fetch]
                  cronExpr: "%s"
            """;

    @Test
    void closing_closes_the_database() {
        StrataCore core = StrataCore.open(settings(), Clock.systemUTC());
        core.close();

        assertThatThrownBy(() -> core.database().connection()).isInstanceOf(Exception.class);
    }
}
