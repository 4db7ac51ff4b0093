package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A {@link VectorStore} fake: exact cosine search over every chunk of the tenant. */
public final class InMemoryVectorStore implements VectorStore {

    private record Key(String tenant, long memory) {
    }

    private final Map<Key, List<Embedding>> vectors = new LinkedHashMap<>();

    @Override
    public synchronized void replace(Tenant tenant, MemoryId memory, List<Embedding> chunks) {
        Key key = new Key(tenant.value(), memory.value());
        if (chunks.isEmpty()) {
            vectors.remove(key);
        } else {
            vectors.put(key, List.copyOf(chunks));
        }
    }

    @Override
    public synchronized void delete(Tenant tenant, MemoryId memory) {
        vectors.remove(new Key(tenant.value(), memory.value()));
    }

    @Override
    public synchronized List<VectorMatch> nearest(Tenant tenant, Embedding query, int limit) {
        List<VectorMatch> matches = new ArrayList<>();
        vectors.forEach((key, chunks) -> {
            if (key.tenant().equals(tenant.value())) {
                double best = chunks.stream().mapToDouble(query::cosineSimilarity).max().orElse(-1);
                matches.add(new VectorMatch(MemoryId.of(key.memory()), Math.max(0, 1 - best)));
            }
        });
        matches.sort(Comparator.comparingDouble(VectorMatch::distance).thenComparingLong(m -> m.memory().value()));
        return List.copyOf(matches.subList(0, Math.min(limit, matches.size())));
    }

    /** Chunk vectors stored for one memory (empty when none). */
    public synchronized List<Embedding> chunks(Tenant tenant, MemoryId memory) {
        return vectors.getOrDefault(new Key(tenant.value(), memory.value()), List.of());
    }
}
