package dev.strata.bootstrap.storage;

import dev.strata.bootstrap.area.TestConfig;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteConfig.SynchronousMode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class StorageSettingsTest {

    @Test
    void the_database_lives_in_the_data_directory_with_the_documented_connection_defaults() {
        StorageSettings s = StorageSettings.from(TestConfig.defaults());

        assertThat(s.databaseFile()).isEqualTo(Path.of("./data/strata.db"));
        assertThat(s.poolSize()).isEqualTo(8);
        assertThat(s.busyTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.synchronous()).isEqualTo(SynchronousMode.NORMAL);
    }

    @Test
    void the_environment_moves_the_data_and_tunes_the_connections() {
        StorageSettings s = StorageSettings.from(TestConfig.with(Map.of("STRATA_DATA_DIR", "/var/lib/strata",
                "STRATA_SQLITE_POOL_SIZE", "2", "STRATA_SQLITE_SYNCHRONOUS", "full")));

        assertThat(s.dataDir()).isEqualTo(Path.of("/var/lib/strata"));
        assertThat(s.poolSize()).isEqualTo(2);
        assertThat(s.synchronous()).isEqualTo(SynchronousMode.FULL);
    }

    @Test
    void a_bad_value_names_its_key_and_variable() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> StorageSettings.from(TestConfig.with(Map.of("STRATA_SQLITE_SYNCHRONOUS", "sometimes"))))
                .withMessage("configuration strata.sqlite.synchronous (STRATA_SQLITE_SYNCHRONOUS) must be OFF, NORMAL "
                        + "or FULL, got 'sometimes'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> StorageSettings.from(TestConfig.with(Map.of("STRATA_SQLITE_POOL_SIZE", "0"))))
                .withMessage("configuration strata.sqlite.pool-size (STRATA_SQLITE_POOL_SIZE) must be at least 1, got '0'");
    }
}
