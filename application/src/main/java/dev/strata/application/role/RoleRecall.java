package dev.strata.application.role;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.retrieval.ArmResult;
import dev.strata.domain.retrieval.Candidate;
import dev.strata.domain.retrieval.FusedHit;
import dev.strata.domain.retrieval.ReciprocalRankFusion;
import dev.strata.domain.retrieval.SearchMode;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryId;
import dev.strata.domain.role.RoleMemoryStore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Searches one role's entries, hybrid like memory search: the store's keyword arm (FTS5 BM25) and a
 * vector arm, fused by the domain's {@link ReciprocalRankFusion}. A role holds at most thousands of
 * entries, so the vector arm compares the query with the role's newest {@value #VECTOR_SCAN} stored
 * embeddings directly instead of keeping a vector index of its own. Without an embedder, or when the
 * query cannot be embedded, the answer is the keyword arm alone and says so.
 */
public final class RoleRecall {

    private static final System.Logger LOG = System.getLogger(RoleRecall.class.getName());

    static final int VECTOR_SCAN = 2_000;
    /** How many candidates each arm contributes per result asked. */
    static final int DEPTH = 3;

    private final RoleMemoryStore store;
    private final Embedder embedder;
    private final ReciprocalRankFusion fusion = new ReciprocalRankFusion(ReciprocalRankFusion.DEFAULT_K);

    public RoleRecall(RoleMemoryStore store, Embedder embedder) {
        this.store = Objects.requireNonNull(store, "store");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
    }

    /** The name an entry's stored embedding is kept under: a model or dimension change re-embeds. */
    static String modelKey(EmbeddingModelInfo info) {
        return info.provider() + "/" + info.modelId() + "/" + info.dimension();
    }

    record Result(List<RecallHit> hits, SearchMode mode) {
    }

    Result search(Tenant tenant, RoleId role, String query, int limit) {
        int depth = Math.max(limit, limit * DEPTH);
        List<RoleMemoryEntry> keyword = store.search(tenant, role, query, depth);
        Optional<List<RoleMemoryId>> vector = vectorArm(tenant, role, query, depth);
        if (vector.isEmpty()) {
            List<RecallHit> hits = new ArrayList<>();
            for (int i = 0; i < keyword.size() && i < limit; i++) {
                hits.add(new RecallHit(keyword.get(i), 1.0 / (ReciprocalRankFusion.DEFAULT_K + i + 1),
                        java.util.Set.of(dev.strata.domain.retrieval.Arm.KEYWORD)));
            }
            return new Result(hits, SearchMode.KEYWORD);
        }
        Map<Long, RoleMemoryEntry> entries = new LinkedHashMap<>();
        keyword.forEach(e -> entries.put(e.id().value(), e));
        for (RoleMemoryId id : vector.get()) {
            if (!entries.containsKey(id.value())) {
                store.find(tenant, id).ifPresent(e -> entries.put(id.value(), e));
            }
        }
        List<Candidate> keywordRanked = keyword.stream().map(RoleRecall::candidate).toList();
        List<Candidate> vectorRanked = vector.get().stream().map(id -> entries.get(id.value())).filter(Objects::nonNull)
                .map(RoleRecall::candidate).toList();
        List<RecallHit> hits = new ArrayList<>();
        for (FusedHit hit : fusion.fuse(List.of(ArmResult.keyword(keywordRanked), ArmResult.vector(vectorRanked)))) {
            if (hits.size() == limit) {
                break;
            }
            hits.add(new RecallHit(entries.get(hit.id()), hit.rrfScore(), hit.arms()));
        }
        return new Result(hits, SearchMode.HYBRID);
    }

    private Optional<List<RoleMemoryId>> vectorArm(Tenant tenant, RoleId role, String query, int depth) {
        Optional<EmbeddingModelInfo> info = embedder.modelInfo();
        if (info.isEmpty() || query.isBlank()) {
            return Optional.empty();
        }
        Embedding q;
        try {
            q = embedder.embedQuery(query);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "role recall falls back to keyword search: the query could not be "
                    + "embedded: {0}", e.getMessage());
            return Optional.empty();
        }
        record Scored(RoleMemoryId id, double similarity) {
        }
        return Optional.of(store.embeddings(tenant, role, modelKey(info.get()), VECTOR_SCAN).stream()
                .filter(e -> e.embedding().dimension() == q.dimension())
                .map(e -> new Scored(e.id(), q.cosineSimilarity(e.embedding())))
                .sorted(Comparator.comparingDouble(Scored::similarity).reversed()
                        .thenComparingLong(s -> s.id().value()))
                .limit(depth).map(Scored::id).toList());
    }

    private static Candidate candidate(RoleMemoryEntry e) {
        return new Candidate(e.id().value(), "role_memory", e.updatedAt(), RoleEmbeddings.text(e));
    }
}
