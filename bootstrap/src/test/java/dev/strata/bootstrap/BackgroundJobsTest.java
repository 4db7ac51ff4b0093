package dev.strata.bootstrap;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.adapters.sqlite.WriteGate;
import dev.strata.application.memory.WriteMemory;
import dev.strata.bootstrap.area.BackgroundJobs;
import dev.strata.bootstrap.area.Job;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every job the areas declare runs through {@link BackgroundJobs}, and there each writes in background slices
 * only (issue 13: background work never holds request writers back for more than one short slice). The wired
 * core is given work for the jobs that can do some without a model (expired soft-deleted memories, expired
 * sessions, pending facts), the clock is moved past every retention, and each job is run once as the server's
 * scheduler runs it: the write gate must count slices and no row changed outside them. A job that wrote past
 * the slices, through a plain connection as a request does, is counted: that is what this test would see.
 */
class BackgroundJobsTest {

    private static final Tenant T = Tenant.of("jobs");

    @TempDir
    Path dataDir;

    /** A clock the test moves forward, so that the rows written now are past their retention later. */
    private static final class MovableClock extends Clock {
        private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-01-05T09:00:00Z"));

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }

        void advance(Duration d) {
            now.updateAndGet(i -> i.plus(d));
        }
    }

    private StrataSettings settings() {
        StrataSettings defaults = SettingsLoader.fromDefaults().load().withDataDir(dataDir);
        return defaults.with(defaults.embedding().withProvider(EmbeddingProvider.DISABLED));
    }

    @Test
    void every_area_job_writes_in_background_slices_only() {
        MovableClock clock = new MovableClock();
        try (StrataCore core = StrataCore.open(settings(), clock)) {
            for (int i = 0; i < 30; i++) {
                Memory m = core.memory().memories().write(new WriteMemory(T, "lesson", "stop-loss lesson " + i
                        + " on BTC", Metadata.EMPTY, Optional.of(Source.USER_MANUAL), TestActors.OPERATOR));
                if (i % 2 == 0) {
                    core.memory().memories().delete(T, m.id(), TestActors.OPERATOR_ACTOR);
                }
                core.fact().facts().recordFact(T, "the user trades BTC on base, note " + i, Optional.empty(),
                        TestActors.OPERATOR);
            }
            for (int i = 0; i < 5; i++) {
                core.session().sessions().start(T);
            }
            clock.advance(Duration.ofDays(400));
            WriteGate.Stats before = core.database().writeGate().stats();

            Map<String, String> failures = new LinkedHashMap<>();
            List<String> ran = new ArrayList<>();
            for (Job job : core.jobs()) {
                try {
                    BackgroundJobs.runOnce(core.database(), job);
                    ran.add(job.what());
                } catch (RuntimeException e) {
                    failures.put(job.what(), String.valueOf(e));
                }
            }

            WriteGate.Stats after = core.database().writeGate().stats();
            assertThat(failures).as("jobs that failed").isEmpty();
            assertThat(ran).hasSameSizeAs(core.jobs());
            assertThat(after.backgroundWritesOutsideSlices() - before.backgroundWritesOutsideSlices())
                    .as("rows the jobs changed outside background slices (see the WriteGate warning in the log)")
                    .isZero();
            assertThat(after.slices() - before.slices()).as("the jobs' writes ran as slices: %s", after)
                    .isGreaterThanOrEqualTo(3);
            assertThat(core.memory().memories().count(T)).as("the purge ran").isEqualTo(15);
        }
    }

    @Test
    void a_job_writing_past_the_slices_is_counted() throws Exception {
        try (StrataCore core = StrataCore.open(settings(), Clock.systemUTC())) {
            long before = core.database().writeGate().stats().backgroundWritesOutsideSlices();
            Job bypassing = Job.every(Duration.ofMinutes(1), "a job writing as requests do", () -> {
                try (var c = core.database().connection(); var s = c.createStatement()) {
                    s.executeUpdate("CREATE TABLE IF NOT EXISTS bypass (x INTEGER)");
                    s.executeUpdate("INSERT INTO bypass VALUES (1), (2)");
                } catch (java.sql.SQLException e) {
                    throw new IllegalStateException(e);
                }
            });

            BackgroundJobs.runOnce(core.database(), bypassing);

            assertThat(core.database().writeGate().stats().backgroundWritesOutsideSlices() - before).isEqualTo(2);
        }
    }
}
