package dev.strata.bootstrap;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteEmbeddingStateStore;
import dev.strata.adapters.sqlite.SqliteVectorStore;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.adapters.sqlite.SqliteSettings;
import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.bootstrap.retrieval.RetrievalModule;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.EmbeddingState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Vectors of another model (another dimension) do not stop the service: the table is rebuilt, rows go pending. */
class ModelSwitchTest {

    @TempDir
    Path dataDir;

    @Test
    void a_vector_table_of_another_dimension_is_rebuilt_and_every_row_goes_back_to_pending() {
        StrataSettings defaults = SettingsLoader.fromDefaults().load();
        StrataSettings settings = defaults.withDataDir(dataDir)
                .with(defaults.embedding().withProvider(EmbeddingProvider.LOCAL));
        SqliteVecExtension vec = RetrievalModule.vectorExtension(settings.embedding()).orElseThrow();
        Tenant tenant = Tenant.of("t");
        MemoryId id;
        try (SqliteDatabase db = SqliteDatabase.open(settings.storage().databaseFile(), SqliteSettings.DEFAULTS,
                Clock.systemUTC(), vec)) {
            assertThat(SqliteVectorStore.open(db, vec, 4)).isPresent();
            id = new SqliteMemoryStore(db).insert(new NewMemory(tenant, Category.OBSERVATION,
                    "embedded by the old four-dimensional model", Metadata.EMPTY, Source.USER_MANUAL),
                    Instant.now()).id();
            new SqliteEmbeddingStateStore(db).mark(tenant, id, EmbeddingState.EMBEDDED);
        }

        try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
            SqliteEmbeddingStateStore states = new SqliteEmbeddingStateStore(core.database());
            assertThat(core.retrieval().vectors()).isPresent();
            assertThat(states.countInStates(List.of(EmbeddingState.PENDING))).isEqualTo(1);

            assertThat(core.retrieval().worker().orElseThrow().reindex(false, n -> { })).isEqualTo(1);
            assertThat(states.countInStates(List.of(EmbeddingState.EMBEDDED))).isEqualTo(1);
        }
    }
}
