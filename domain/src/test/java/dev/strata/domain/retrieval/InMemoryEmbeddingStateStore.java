package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An {@link EmbeddingStateStore} fake. Rows are {@link #register registered} by the test (in the
 * real store they are the memories table); a registered row starts {@code pending}, and a
 * {@link #delete deleted} one is left out as the real store leaves out soft-deleted memories.
 */
public final class InMemoryEmbeddingStateStore implements EmbeddingStateStore {

    private record Row(Tenant tenant, String content, EmbeddingState state, boolean deleted) {

        Row withState(EmbeddingState next) {
            return new Row(tenant, content, next, deleted);
        }
    }

    private final Map<Long, Row> rows = new TreeMap<>();
    private final Map<String, Embedding> cache = new ConcurrentHashMap<>();

    public synchronized void register(Tenant tenant, MemoryId memory, String content) {
        rows.put(memory.value(), new Row(tenant, content, EmbeddingState.PENDING, false));
    }

    /** Marks a registered row soft-deleted. */
    public synchronized void delete(MemoryId memory) {
        rows.computeIfPresent(memory.value(), (id, row) -> new Row(row.tenant(), row.content(), row.state(), true));
    }

    public synchronized Optional<EmbeddingState> state(MemoryId memory) {
        return Optional.ofNullable(rows.get(memory.value())).map(Row::state);
    }

    public int cacheSize() {
        return cache.size();
    }

    @Override
    public synchronized void mark(Tenant tenant, MemoryId memory, EmbeddingState state) {
        rows.computeIfPresent(memory.value(), (id, row) -> row.tenant().equals(tenant) ? row.withState(state) : row);
    }

    @Override
    public synchronized List<PendingEmbedding> inStates(List<EmbeddingState> states, long afterId, int limit) {
        return rows.entrySet().stream()
                .filter(e -> e.getKey() > afterId && !e.getValue().deleted() && states.contains(e.getValue().state()))
                .limit(limit)
                .map(e -> new PendingEmbedding(e.getValue().tenant(), MemoryId.of(e.getKey()), e.getValue().content()))
                .toList();
    }

    @Override
    public synchronized long countInStates(List<EmbeddingState> states) {
        return rows.values().stream().filter(r -> !r.deleted() && states.contains(r.state())).count();
    }

    @Override
    public synchronized int resetAll() {
        int[] changed = {0};
        rows.replaceAll((id, row) -> {
            if (row.deleted() || row.state() == EmbeddingState.PENDING) {
                return row;
            }
            changed[0]++;
            return row.withState(EmbeddingState.PENDING);
        });
        return changed[0];
    }

    @Override
    public Optional<Embedding> cached(String contentHash, String model) {
        return Optional.ofNullable(cache.get(model + "/" + contentHash));
    }

    @Override
    public void cache(String contentHash, String model, Embedding embedding) {
        cache.putIfAbsent(model + "/" + contentHash, embedding);
    }
}
