package dev.strata.bootstrap.bench;

import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bench --work-dir DIR} is meant to be run again and again (the hybrid corpus is kept there): the
 * memory benchmark's own databases start empty each run. The second run stopped with "preference 1 is active"
 * when it found the first run's database.
 */
class MemoryBenchmarkWorkDirTest {

    @TempDir
    Path work;

    @Test
    void a_second_run_in_the_same_work_dir_measures_a_fresh_database() throws Exception {
        StrataSettings settings = SettingsLoader.fromDefaults().load();

        MemoryBenchmark.Run first = new MemoryBenchmark(settings, 1, line -> { }).run(List.of(200), work).getFirst();
        MemoryBenchmark.Run second = new MemoryBenchmark(settings, 1, line -> { }).run(List.of(200), work).getFirst();

        assertThat(first.n()).isEqualTo(200);
        assertThat(second.n()).isEqualTo(200);
        assertThat(second.searchP50Ms()).isPositive();
        assertThat(Files.list(work.resolve("n-200")).filter(p -> p.getFileName().toString().endsWith(".db")))
                .hasSize(1);
    }
}
