package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.EmbeddingStateStore;
import dev.strata.domain.retrieval.EmbeddingStateStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The embedding state contract on a real SQLite file, over rows the memory store writes. */
class SqliteEmbeddingStateStoreContractTest extends EmbeddingStateStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore memories;

    @Override
    protected EmbeddingStateStore createStore() {
        db = TempDatabase.open(dir);
        memories = new SqliteMemoryStore(db);
        return new SqliteEmbeddingStateStore(db);
    }

    @Override
    protected MemoryId writeMemory(Tenant tenant, String content) {
        return memories.insert(new NewMemory(tenant, Category.OBSERVATION, content, Metadata.EMPTY,
                Source.AGENT_RECORDED), TempDatabase.CLOCK.instant()).id();
    }

    @Override
    protected void deleteMemory(Tenant tenant, MemoryId memory) {
        memories.softDelete(tenant, memory, TempDatabase.CLOCK.instant());
    }

    @AfterEach
    void close() {
        db.close();
    }
}
