package dev.strata.application.role;

import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.Outcome;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryStore;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Embeds role-memory entries for recall's vector arm, off the write path: a recorded entry is handed
 * to the executor ({@link #recorded}), and {@link #catchUp} embeds whatever has no current embedding
 * (entries written while the embedder was down, and entries whose reflection added text, since the
 * store clears the embedding then). A failed embedding leaves the entry for the next catch-up.
 *
 * <p>This is a small queue of its own rather than the memories' embedding worker, which is keyed by
 * memory id and writes the memories' vector index; an entry has one short text and one vector.
 */
public final class RoleEmbeddings implements RoleMemoryListener {

    private static final System.Logger LOG = System.getLogger(RoleEmbeddings.class.getName());

    private final RoleMemoryStore store;
    private final Embedder embedder;
    private final Executor executor;

    public RoleEmbeddings(RoleMemoryStore store, Embedder embedder, Executor executor) {
        this.store = Objects.requireNonNull(store, "store");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    /** The text an entry is embedded and fused by: decision, asset, outcome and, once reflected, narrative and lesson. */
    static String text(RoleMemoryEntry e) {
        StringBuilder out = new StringBuilder(e.decision());
        e.asset().map(Asset::symbol).ifPresent(a -> out.append(" [").append(a).append(']'));
        e.outcome().map(Outcome::summary).ifPresent(o -> out.append("\nOutcome: ").append(o));
        e.reflection().ifPresent(r -> {
            out.append("\n").append(r.narrative());
            r.lesson().ifPresent(l -> out.append("\nLesson: ").append(l));
        });
        return out.toString();
    }

    @Override
    public void recorded(RoleMemoryEntry entry) {
        if (embedder.isEnabled()) {
            executor.execute(() -> embed(List.of(entry)));
        }
    }

    /** Embeds up to {@code limit} entries that lack a current embedding; returns how many were stored. */
    public int catchUp(int limit) {
        Optional<EmbeddingModelInfo> info = embedder.modelInfo();
        if (info.isEmpty()) {
            return 0;
        }
        return embed(store.withoutEmbedding(RoleRecall.modelKey(info.get()), 0, limit));
    }

    private int embed(List<RoleMemoryEntry> entries) {
        Optional<EmbeddingModelInfo> info = embedder.modelInfo();
        if (info.isEmpty() || entries.isEmpty()) {
            return 0;
        }
        try {
            var vectors = embedder.embedDocuments(entries.stream().map(RoleEmbeddings::text).toList());
            for (int i = 0; i < entries.size(); i++) {
                RoleMemoryEntry e = entries.get(i);
                store.saveEmbedding(e.tenant(), e.id(), RoleRecall.modelKey(info.get()), vectors.get(i));
            }
            return entries.size();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "role-memory entries left for the next catch-up: embedding failed: {0}",
                    e.getMessage());
            return 0;
        }
    }
}
