package dev.strata.adapters.sqlite;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.CategoryFilter;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.PurgedMemory;
import dev.strata.domain.memory.SaveOutcome;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Supersession;
import dev.strata.domain.memory.Tenant;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbClientException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@link MemoryStore} on the SQLite file: the {@code memories} table, its FTS5 index (kept by
 * triggers, searched by {@link KeywordSearch}) and its typed edges in {@code memory_edges}. The
 * edges are the ones the new memory or the content change carries (the application derives them);
 * they are written in the row's transaction and replace the old ones when the content changes
 * (spec 01, "Typed memory edges").
 */
public final class SqliteMemoryStore implements MemoryStore {

    /** How many matches BM25 ranks at most before the candidates are bounded (see {@link KeywordSearch}). */
    public static final int DEFAULT_KEYWORD_CANDIDATES = 500;
    /** {@code keywordCandidates} that ranks every match, however many. */
    public static final int UNBOUNDED = 0;

    private static final String ACTIVE = MemoryRows.ACTIVE;
    private static final String SELECT = "SELECT " + MemoryRows.COLUMNS + " FROM memories m ";

    private final SqliteDatabase database;
    private final DbClient db;
    private final Transactions transactions;
    private final KeywordSearch keywords;
    private final int purgeSliceRows;

    /** @param keywordCandidates the most matches BM25 ranks per candidate set, or {@link #UNBOUNDED} */
    public SqliteMemoryStore(SqliteDatabase database, int keywordCandidates) {
        this(database, keywordCandidates, SlicedPurge.DEFAULT_ROWS);
    }

    /** @param purgeSliceRows the most rows one background slice of the purge removes (tests shrink it) */
    SqliteMemoryStore(SqliteDatabase database, int keywordCandidates, int purgeSliceRows) {
        this.keywords = new KeywordSearch(database, keywordCandidates);
        this.database = database;
        this.db = database.dbClient();
        this.transactions = new Transactions(database);
        this.purgeSliceRows = purgeSliceRows;
    }

    public SqliteMemoryStore(SqliteDatabase database) {
        this(database, DEFAULT_KEYWORD_CANDIDATES);
    }

    @Override
    public Memory insert(NewMemory memory, Instant now) {
        requireUnkeyed(memory);
        Instant at = Timestamps.truncate(now);
        return transactions.write("write the memory", c -> insert(c, memory, Optional.empty(), at));
    }

    private static Memory insert(Connection c, NewMemory memory, Optional<Supersession> supersedes, Instant at)
            throws SQLException {
        try (PreparedStatement insert = c.prepareStatement(MemoryRows.INSERT)) {
            Jdbc.bind(insert, MemoryRows.insertParams(memory, supersedes, at));
            insert.executeUpdate();
        }
        long id = Jdbc.lastInsertRowid(c);
        MemoryEdgeRows.insert(c, memory.tenant(), id, memory.edges(), at);
        return MemoryRows.stored(id, memory, supersedes, at);
    }

    /**
     * One reused prepared statement executed as a JDBC batch: a thousand rows cost one parse and one
     * commit, which is what keeps batched writes close to raw insert speed. The ids need no per-row
     * round trip: the transaction holds SQLite's write lock from BEGIN (IMMEDIATE), so AUTOINCREMENT
     * hands out consecutive ids ending at last_insert_rowid(). The edges follow in a second reused
     * statement, one batch for all rows, in the same transaction. The passage index is built once for
     * the whole range after the rows are in ({@link PassageMaintenance}), not row by row by its triggers,
     * which would rebuild each row's predecessor's passage the row before had just built.
     */
    @Override
    public List<Memory> insertAll(List<NewMemory> memories, Instant now) {
        if (memories.isEmpty()) {
            return List.of();
        }
        memories.forEach(SqliteMemoryStore::requireUnkeyed);
        Instant at = Timestamps.truncate(now);
        return transactions.write("write the memories", c -> {
            long first;
            try (PreparedStatement insert = c.prepareStatement(MemoryRows.INSERT);
                 PreparedStatement insertEdge = c.prepareStatement(MemoryEdgeRows.INSERT_FOR_NEW_ROWS)) {
                for (NewMemory m : memories) {
                    Jdbc.bind(insert, MemoryRows.insertParams(m, Optional.empty(), at));
                    insert.addBatch();
                }
                PassageMaintenance.defer(c);
                insert.executeBatch();
                first = Jdbc.lastInsertRowid(c) - memories.size() + 1;
                PassageMaintenance.rebuild(c, first, first + memories.size() - 1);
                String ts = Timestamps.format(at);
                int batched = 0;
                for (int i = 0; i < memories.size(); i++) {
                    batched += MemoryEdgeRows.addNewRowBatch(insertEdge, memories.get(i).tenant(), first + i,
                            memories.get(i).edges(), ts);
                }
                if (batched > 0) {
                    insertEdge.executeBatch();
                }
            }
            List<Memory> stored = new ArrayList<>(memories.size());
            for (int i = 0; i < memories.size(); i++) {
                stored.add(MemoryRows.stored(first + i, memories.get(i), Optional.empty(), at));
            }
            return stored;
        });
    }

    /**
     * The whole check-then-write runs in one immediate transaction, which holds SQLite's write
     * lock from BEGIN: no other writer, in this process or another, can slip an entry for the same
     * key in between. The partial unique index is the last line of defence.
     */
    @Override
    public SaveOutcome save(NewMemory memory, Optional<String> supersedeReason, Instant now) {
        MemoryKey key = memory.key().orElseThrow(() -> new IllegalArgumentException("save needs a keyed memory"));
        Instant at = Timestamps.truncate(now);
        return transactions.write("save the memory", c -> {
            try {
                Optional<Memory> current = first(c, SELECT + "WHERE m.tenant = ? AND m.key = ? AND " + ACTIVE,
                        memory.tenant().value(), key.value());
                if (current.isEmpty()) {
                    return new SaveOutcome.Inserted(insert(c, memory, Optional.empty(), at));
                }
                if (supersedeReason.isEmpty()) {
                    return new SaveOutcome.Rejected(current.get());
                }
                Memory previous = current.get();
                Jdbc.update(c, "UPDATE memories SET superseded_at = ?, updated_by = ? WHERE id = ?",
                        Timestamps.format(at), memory.updatedBy().id(), previous.id().value());
                Memory next = insert(c, memory, Optional.of(new Supersession(previous.id(), supersedeReason.get())),
                        at);
                return new SaveOutcome.Superseded(previous.withSupersededAt(at).withUpdatedBy(memory.updatedBy()), next);
            } catch (SQLException e) {
                if (isUniqueViolation(e)) {
                    throw new ConflictException("key " + key + " got another active entry concurrently; retry the save");
                }
                throw e;
            }
        });
    }

    @Override
    public Optional<Memory> find(Tenant tenant, MemoryId id) {
        return read(SELECT + "WHERE m.id = ? AND m.tenant = ? AND m.deleted_at IS NULL",
                List.of(id.value(), tenant.value())).stream().findFirst();
    }

    /** Plain JDBC: hybrid search loads the vector arm's and the neighbours' rows here on every query. */
    @Override
    public List<Memory> findAll(Tenant tenant, List<MemoryId> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        List<Object> params = new ArrayList<>(ids.size() + 1);
        params.add(tenant.value());
        ids.forEach(id -> params.add(id.value()));
        // "+m.tenant": the ids are row ids, so each is one primary-key lookup; with a plain "m.tenant = ?" SQLite
        // (no statistics) walked the tenant's (tenant, occurred_at) index instead, every row of the tenant: 25 ms
        // at 100k memories, twice per hybrid search (the vector arm's rows, then their neighbours).
        return readOrUnavailable("read the memories", SELECT + "WHERE +m.tenant = ? AND m.deleted_at IS NULL "
                + "AND m.id IN (" + placeholders(ids.size()) + ")", params);
    }

    @Override
    public Optional<Memory> findActive(Tenant tenant, MemoryKey key) {
        return read(SELECT + "WHERE m.tenant = ? AND m.key = ? AND " + ACTIVE,
                List.of(tenant.value(), key.value())).stream().findFirst();
    }

    @Override
    public List<Memory> history(Tenant tenant, MemoryKey key, int limit) {
        return read(SELECT + "WHERE m.tenant = ? AND m.key = ? ORDER BY m.id DESC LIMIT ?",
                List.of(tenant.value(), key.value(), limit));
    }

    /** Plain JDBC: the snapshot lists up to a hundred rows per render (see {@link JdbcReads}). */
    @Override
    public List<Memory> list(Tenant tenant, CategoryFilter filter, int limit) {
        List<Object> params = new ArrayList<>(List.of(tenant.value()));
        String sql = SELECT + "WHERE m.tenant = ? AND " + ACTIVE + categoryClause(filter, params)
                + " ORDER BY m.updated_at DESC, m.id DESC LIMIT ?";
        params.add(limit);
        return readOrUnavailable("list memories", sql, params);
    }

    @Override
    public List<Memory> listAsOf(Tenant tenant, CategoryFilter filter, Instant at, int limit) {
        String t = Timestamps.format(Timestamps.truncate(at));
        List<Object> params = new ArrayList<>(List.of(tenant.value(), t, t, t));
        String sql = SELECT + "WHERE m.tenant = ? AND m.created_at <= ? AND (m.superseded_at IS NULL OR "
                + "m.superseded_at > ?) AND (m.deleted_at IS NULL OR m.deleted_at > ?)" + categoryClause(filter, params)
                + " ORDER BY m.created_at DESC, m.id DESC LIMIT ?";
        params.add(limit);
        return readOrUnavailable("list memories as of an instant", sql, params).stream()
                .flatMap(m -> m.asOf(at).stream()).toList();
    }

    @Override
    public long countActive(Tenant tenant, CategoryFilter filter) {
        List<Object> params = new ArrayList<>(List.of(tenant.value()));
        String sql = "SELECT COUNT(*) FROM memories m WHERE m.tenant = ? AND " + ACTIVE + categoryClause(filter, params);
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.optionalLong(sql, params).orElse(0L);
        }
    }

    @Override
    public List<Tenant> tenantsWithActive(CategoryFilter filter) {
        List<Object> params = new ArrayList<>();
        String sql = "SELECT DISTINCT m.tenant FROM memories m WHERE " + ACTIVE + categoryClause(filter, params)
                + " ORDER BY m.tenant";
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.list(sql, params, r -> Tenant.of(r.getString(1)));
        }
    }

    @Override
    public Optional<Memory> update(Tenant tenant, MemoryId id, MemoryChange change, Actor by, Instant now) {
        List<String> sets = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        change.content().ifPresent(c -> {
            sets.add("content = ?");
            params.add(c);
            sets.add("injection_flags = ?");
            params.add(MemoryRows.injectionFlags(c));
        });
        change.metadata().ifPresent(m -> {
            sets.add("metadata = ?");
            params.add(m.isEmpty() ? null : m.json());
        });
        change.occurredAt().ifPresent(t -> {
            sets.add("occurred_at = ?");
            params.add(Timestamps.format(Timestamps.truncate(t)));
        });
        Instant at = Timestamps.truncate(now);
        sets.add("updated_at = ?");
        params.add(Timestamps.format(at));
        sets.add("updated_by = ?");
        params.add(by.id());
        params.add(id.value());
        params.add(tenant.value());
        String sql = "UPDATE memories SET " + String.join(", ", sets)
                + " WHERE id = ? AND tenant = ? AND deleted_at IS NULL AND superseded_at IS NULL";
        if (change.content().isEmpty()) {
            long changed = db.execute().update(sql, params.toArray());
            return changed == 0 ? Optional.empty() : find(tenant, id);
        }
        boolean changed = transactions.writeIf("update the memory", c -> {
            if (Jdbc.update(c, sql, params.toArray()) == 0) {
                return false;
            }
            MemoryEdgeRows.replace(c, tenant, id.value(), change.edges(), at);
            return true;
        });
        return changed ? find(tenant, id) : Optional.empty();
    }

    @Override
    public boolean softDelete(Tenant tenant, MemoryId id, Actor by, Instant now) {
        return db.execute().update("UPDATE memories SET deleted_at = ?, updated_by = ? WHERE id = ? AND tenant = ? "
                + "AND deleted_at IS NULL", Timestamps.format(Timestamps.truncate(now)), by.id(), id.value(),
                tenant.value()) > 0;
    }

    @Override
    public Optional<Memory> restore(Tenant tenant, MemoryId id, Instant deletedSince, Actor by) {
        try {
            db.execute().update("UPDATE memories SET deleted_at = NULL, updated_by = ? WHERE id = ? AND tenant = ? "
                    + "AND deleted_at IS NOT NULL AND deleted_at >= ?", by.id(), id.value(), tenant.value(),
                    Timestamps.format(deletedSince));
        } catch (DbClientException e) {
            if (isUniqueViolation(e)) {
                throw new ConflictException("memory " + id + " cannot be restored: its key has another active entry; "
                        + "save with a supersede_reason instead");
            }
            throw SqliteFailures.unavailable("could not restore the memory: " + e.getMessage(), e);
        }
        return find(tenant, id);
    }

    /**
     * Background work: deletes in slices of at most {@code purgeSliceRows} rows (with their full-text entries and
     * edges, by trigger), each a short transaction that gives way to request writers ({@link SlicedPurge}), so
     * a purge of tens of thousands of rows never holds the write lock against a request for longer than one
     * slice. Every expired row is still removed in one call.
     */
    @Override
    public List<PurgedMemory> purgeDeleted(Instant cutoff) {
        String before = Timestamps.format(cutoff);
        return SlicedPurge.run(database, "purge deleted memories", purgeSliceRows, (c, limit) -> {
            List<PurgedMemory> purged = new ArrayList<>();
            Jdbc.forEach(c, "DELETE FROM memories WHERE id IN (SELECT id FROM memories WHERE deleted_at IS NOT NULL "
                            + "AND deleted_at < ? ORDER BY deleted_at LIMIT ?) RETURNING tenant, id",
                    List.of(before, limit),
                    r -> purged.add(new PurgedMemory(Tenant.of(r.getString("tenant")), MemoryId.of(r.getLong("id")))));
            return purged;
        });
    }

    @Override
    public List<SearchHit> search(SearchRequest request) {
        return keywords.search(request);
    }

    /** The FTS5 MATCH expression this store runs for a query; the benchmark replays it on raw JDBC. */
    public static String ftsMatchExpression(String query) {
        return Fts5Query.from(query).match();
    }

    /** Memories selected with {@link MemoryRows#COLUMNS}, on one pooled connection. */
    private List<Memory> read(String sql, List<Object> params) {
        List<Memory> memories = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach(sql, params, r -> memories.add(MemoryRows.read(r)));
        }
        return memories;
    }

    /** The hot reads of search and the snapshot answer "unavailable" on any failure, as they always have. */
    private List<Memory> readOrUnavailable(String what, String sql, List<Object> params) {
        try {
            return read(sql, params);
        } catch (DbClientException e) {
            throw SqliteFailures.unavailable("could not " + what + ": " + e.getMessage(), e);
        }
    }

    private static Optional<Memory> first(Connection c, String sql, Object... params) throws SQLException {
        List<Memory> found = new ArrayList<>(1);
        Jdbc.forEach(c, sql, List.of(params), r -> found.add(MemoryRows.read(r)));
        return found.stream().findFirst();
    }

    private static String categoryClause(CategoryFilter filter, List<Object> params) {
        return switch (filter) {
            case CategoryFilter.Only only -> {
                only.categories().stream().map(Category::value).sorted().forEach(params::add);
                yield " AND m.category IN (" + placeholders(only.categories().size()) + ")";
            }
            case CategoryFilter.Excluding excluding when excluding.categories().isEmpty() -> "";
            case CategoryFilter.Excluding excluding -> {
                excluding.categories().stream().map(Category::value).sorted().forEach(params::add);
                yield " AND m.category NOT IN (" + placeholders(excluding.categories().size()) + ")";
            }
        };
    }

    private static String placeholders(int n) {
        return Stream.generate(() -> "?").limit(n).collect(Collectors.joining(", "));
    }

    private static boolean isUniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (String.valueOf(t.getMessage()).contains("UNIQUE constraint failed")) {
                return true;
            }
        }
        return false;
    }

    private static void requireUnkeyed(NewMemory m) {
        if (m.key().isPresent()) {
            throw new IllegalArgumentException("keyed memories go through save");
        }
    }
}
