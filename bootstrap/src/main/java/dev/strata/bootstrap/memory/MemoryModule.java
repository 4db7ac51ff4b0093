package dev.strata.bootstrap.memory;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteMemoryEdgeStore;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.application.graph.EntityService;
import dev.strata.application.memory.MemoryService;
import dev.strata.bootstrap.access.AccessModule;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.retrieval.RetrievalModule;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.memory.MemoryStore;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The memory area: the store, the memory use cases (searching through the retrieval area) with their
 * audit trail, and the entity graph derived from memories.
 */
public final class MemoryModule implements AreaModule {

    private final MemoryStore store;
    private final MemoryService memories;
    private final EntityService entities;
    private final RetrievalModule retrieval;
    private final int snapshotLimit;
    private final Duration purgeInterval;

    private MemoryModule(MemoryStore store, MemoryService memories, EntityService entities, RetrievalModule retrieval,
                         int snapshotLimit, Duration purgeInterval) {
        this.store = store;
        this.memories = memories;
        this.entities = entities;
        this.retrieval = retrieval;
        this.snapshotLimit = snapshotLimit;
        this.purgeInterval = purgeInterval;
    }

    public static MemoryModule wire(SqliteDatabase db, MemorySettings settings, RetrievalModule retrieval,
                                    AccessModule access, Clock clock) {
        // One extractor for the write path and the replay, so both derive exactly the same edges.
        EdgeExtractor edges = new EdgeExtractor(new FinanceEntityExtractor());
        SqliteMemoryStore store = new SqliteMemoryStore(db);
        // Text is stored with the vault's secrets replaced; the audit trail is redacted the same way.
        MemoryService memories = new MemoryService(store, access.auditLog(),
                clock, settings.limits(), settings.retention(), retrieval.search(), edges, access.secrets());
        EntityService entities = new EntityService(new SqliteMemoryEdgeStore(db), edges, clock);
        return new MemoryModule(store, memories, entities, retrieval, settings.snapshotLimit(),
                settings.purgeInterval());
    }

    /** Reads and writes memories; search goes through {@link RetrievalModule#keywordIndex()}. */
    public MemoryStore store() {
        return store;
    }

    public MemoryService memories() {
        return memories;
    }

    /** The entity graph of memories: neighbourhoods, top entities, the edge replay. */
    public EntityService entities() {
        return entities;
    }

    /** Most memories the memory-context block renders ({@code strata.memory.snapshot-limit}). */
    public int snapshotLimit() {
        return snapshotLimit;
    }

    /** Purges soft-deleted memories past their retention, then the vectors they leave behind. */
    @Override
    public List<Job> jobs() {
        return List.of(Job.every(purgeInterval, "purge of expired soft-deleted memories", () -> {
            memories.purgeExpired();
            retrieval.pruneVectors();
        }));
    }
}
