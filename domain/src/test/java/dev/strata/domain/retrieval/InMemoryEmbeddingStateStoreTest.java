package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

/** The fake honours the same contract as the memories table, so worker tests built on it mean something. */
class InMemoryEmbeddingStateStoreTest extends EmbeddingStateStoreContract {

    private InMemoryEmbeddingStateStore fake;
    private long ids;

    @Override
    protected EmbeddingStateStore createStore() {
        fake = new InMemoryEmbeddingStateStore();
        return fake;
    }

    @Override
    protected MemoryId writeMemory(Tenant tenant, String content) {
        MemoryId id = MemoryId.of(++ids);
        fake.register(tenant, id, content);
        return id;
    }

    @Override
    protected void deleteMemory(Tenant tenant, MemoryId memory) {
        fake.delete(memory);
    }
}
