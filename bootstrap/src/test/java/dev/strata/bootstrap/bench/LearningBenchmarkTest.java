package dev.strata.bootstrap.bench;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The learning rows of {@code strata bench}: both sides really do the work they are compared on. */
class LearningBenchmarkTest {

    @TempDir
    Path dataDir;

    @Test
    void the_strata_side_and_the_raw_side_close_the_same_trades_and_move_the_same_counts() throws Exception {
        StrataSettings defaults = SettingsLoader.fromDefaults().load().withDataDir(dataDir);
        StrataSettings settings = defaults.with(defaults.embedding().withProvider(EmbeddingProvider.DISABLED));
        try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
            LearningBenchmark.Figures figures = new LearningBenchmark(1, settings.learning().loop().policy())
                    .measure(core.learning(), core.database());

            assertThat(List.of(figures.outcomeP50Ms(), figures.rawOutcomeP50Ms(), figures.pageColdP50Ms(),
                    figures.pageCachedP50Ms(), figures.rawPageP50Ms())).allSatisfy(ms -> assertThat(ms).isPositive());
            for (String tenant : List.of("bench-learning", "bench-learning-raw")) {
                List<Trade> trades = core.learning().trades().listTrades(Tenant.of(tenant), Optional.empty(),
                        Optional.of(500));
                assertThat(trades).as(tenant).hasSize(30).allSatisfy(t -> {
                    assertThat(t.closed()).isTrue();
                    assertThat(t.outcomeMemory()).isPresent();
                });
                assertThat(core.learning().methodologies().list(Tenant.of(tenant), Optional.empty(), Optional.empty(),
                        Optional.empty())).as(tenant).hasSize(LearningBenchmark.ATTRIBUTED).allSatisfy(m -> {
                            assertThat(m.uses()).isEqualTo(30);
                            assertThat(m.successes()).isEqualTo(24);
                        });
            }
            List<Methodology> raw = core.learning().methodologies().list(Tenant.of("bench-learning-raw"),
                    Optional.empty(), Optional.empty(), Optional.empty());
            List<Methodology> ours = core.learning().methodologies().list(Tenant.of("bench-learning"),
                    Optional.empty(), Optional.empty(), Optional.empty());
            assertThat(raw.getFirst().confidence()).isEqualTo(ours.getFirst().confidence());
            assertThat(core.learning().pages().page(Tenant.of("bench-learning"), "BTC", true).markdown())
                    .contains("- methodology ", "- hard constraint ");
        }
    }
}
