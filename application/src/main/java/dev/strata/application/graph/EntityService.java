package dev.strata.application.graph;

import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.memory.EdgeSource;
import dev.strata.domain.graph.EntityCount;
import dev.strata.domain.graph.EntityInput;
import dev.strata.domain.graph.EntityKind;
import dev.strata.domain.memory.ExtractedEdges;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.memory.MemoryEdgeStore;
import dev.strata.domain.graph.SystemMetadata;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The typed-edge use cases of spec 01: an entity's neighborhood (getEntityNeighborhood), the most
 * linked entities (topEntities), and the idempotent replay of the extractor over every stored
 * memory (doctor --fix "edges"). Reads are always scoped to the caller's tenant; the replay is a
 * maintenance sweep over all of them.
 */
public final class EntityService {

    public static final int DEFAULT_NEIGHBORHOOD_LIMIT = 20;
    public static final int DEFAULT_TOP_LIMIT = 10;
    public static final int MAX_LIMIT = 100;
    /** Memories per replay transaction: small enough that writers queue only briefly behind it. */
    static final int REPLAY_PAGE = 500;

    private final MemoryEdgeStore edges;
    private final EdgeExtractor extractor;
    private final Clock clock;

    public EntityService(MemoryEdgeStore edges, EdgeExtractor extractor, Clock clock) {
        this.edges = Objects.requireNonNull(edges, "edges");
        this.extractor = Objects.requireNonNull(extractor, "extractor");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The active memories linked to the entity {@code key} names ({@code kind} when the spelling is
     * ambiguous), newest first. An entity nothing links to has an empty neighborhood, not an error.
     */
    public EntityNeighborhood neighborhood(Tenant tenant, String key, Optional<String> kind,
                                             Optional<Integer> limit) {
        Optional<EntityKind> k = kind.map(EntityInput::kind);
        int n = checkLimit(limit, DEFAULT_NEIGHBORHOOD_LIMIT);
        FinanceEntity entity = EntityInput.parse(key, k);
        return new EntityNeighborhood(entity, edges.neighborhood(tenant, entity, n));
    }

    /** The tenant's most linked entities, optionally of one kind. */
    public List<EntityCount> topEntities(Tenant tenant, Optional<String> kind, Optional<Integer> limit) {
        Optional<EntityKind> k = kind.map(EntityInput::kind);
        return edges.topEntities(tenant, k, checkLimit(limit, DEFAULT_TOP_LIMIT));
    }

    /**
     * Replays the extractor over every stored memory of every tenant and adds the edges that are
     * missing (after the extractor learned new words, or rows written before edges existed). The
     * UNIQUE key makes a second run add nothing. System metadata is not stored with a memory, so a
     * replay never invents scenario edges; those a write recorded are kept.
     */
    public EdgeReplay rebuildEdges() {
        long read = 0;
        long added = 0;
        long after = 0;
        List<EdgeSource> page;
        do {
            page = edges.sources(after, REPLAY_PAGE);
            if (page.isEmpty()) {
                break;
            }
            List<ExtractedEdges> extracted = page.stream().map(s -> new ExtractedEdges(s.tenant(), s.memory(),
                    extractor.extract(s.content(), SystemMetadata.none()))).toList();
            added += edges.addAll(extracted, clock.instant());
            read += page.size();
            after = page.getLast().memory().value();
        } while (page.size() == REPLAY_PAGE);
        return new EdgeReplay(read, added);
    }

    private static int checkLimit(Optional<Integer> limit, int def) {
        int n = limit.orElse(def);
        if (n < 1 || n > MAX_LIMIT) {
            throw new InvalidInputException("limit", "must be between 1 and " + MAX_LIMIT);
        }
        return n;
    }
}
