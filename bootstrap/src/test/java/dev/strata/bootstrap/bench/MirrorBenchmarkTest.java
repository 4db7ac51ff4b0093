package dev.strata.bootstrap.bench;

import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The mirror benchmark runs end to end on a small N and reports every row (no assertion on time). */
class MirrorBenchmarkTest {

    @TempDir
    Path dir;

    @Test
    void measures_ingestion_against_raw_inserts_and_the_profile_query_and_prints_every_row() throws Exception {
        StrataSettings settings = SettingsLoader.fromDefaults().load();
        settings = settings.with(settings.embedding().withProvider(EmbeddingProvider.DISABLED));
        List<String> progress = new ArrayList<>();

        MirrorBenchmark.Result r = new MirrorBenchmark(settings, 2, progress::add).run(2_000, dir);

        assertThat(List.of(r.messagesPerS(), r.rawMessagesPerS(), r.fillsPerS(), r.rawFillsPerS(), r.profileP50Ms(),
                r.rawProfileP50Ms(), r.tradesP50Ms(), r.rawTradesP50Ms())).allMatch(v -> v > 0);
        assertThat(r.profileP95Ms()).isGreaterThanOrEqualTo(r.profileP50Ms());
        assertThat(progress).contains("mirror: raw inserts");
        assertThat(MirrorBenchmark.table(r)).contains("| 2000 | message ingestion", "| 2000 | fill ingestion",
                "trading profile p50", "search_user_trades p50");
        assertThat(MirrorBenchmark.json(r)).startsWith("{\"n\": 2000, \"messages_per_s\": ");
    }
}
