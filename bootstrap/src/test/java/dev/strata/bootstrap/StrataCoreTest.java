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
            core.memory().memories().write(new WriteMemory(tenant, "lesson", "bought BTC on base", Metadata.EMPTY,
                    Source.USER_MANUAL));
            core.profile().profile().set(tenant, "risk", "low");

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

            core.memory().memories().write(new WriteMemory(tenant, "observation", "BTC looks heavy", Metadata.EMPTY,
                    Source.AGENT_RECORDED));

            assertThat(core.learning().pages().page(tenant, "BTC", true).cached()).isFalse();
        }
    }

    @Test
    void closing_closes_the_database() {
        StrataCore core = StrataCore.open(settings(), Clock.systemUTC());
        core.close();

        assertThatThrownBy(() -> core.database().connection()).isInstanceOf(Exception.class);
    }
}
