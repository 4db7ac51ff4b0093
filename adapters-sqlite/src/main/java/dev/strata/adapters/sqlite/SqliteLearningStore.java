package dev.strata.adapters.sqlite;

import dev.strata.domain.learning.Learning;
import dev.strata.domain.learning.LearningId;
import dev.strata.domain.learning.LearningStore;
import dev.strata.domain.learning.NewLearning;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.Tenant;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** {@link LearningStore} on {@code learnings} and its FTS5 index {@code learnings_fts} (migration 12). */
public final class SqliteLearningStore implements LearningStore {

    private static final String COLUMNS = "l.id, l.tenant, l.task, l.steps, l.context, l.times_used, l.created_at, "
            + "l.updated_at";

    private final SqliteDatabase database;
    private final Transactions transactions;
    private final TenantShares shares = new TenantShares(TenantShares.KEYWORD_ARM, TenantShares.Index.LEARNINGS);

    public SqliteLearningStore(SqliteDatabase database) {
        this.database = database;
        this.transactions = new Transactions(database);
    }

    @Override
    public Recorded record(NewLearning learning, Instant now) {
        Instant at = Timestamps.truncate(now);
        String ts = Timestamps.format(at);
        return transactions.write("record the learning", c -> {
            Optional<Learning> same = Jdbc.first(c, "SELECT " + COLUMNS + " FROM learnings l WHERE l.tenant = ? "
                    + "AND l.normalized_task = ?", List.of(learning.tenant().value(), learning.normalizedTask()),
                    SqliteLearningStore::read);
            if (same.isPresent()) {
                Learning e = same.get();
                Jdbc.update(c, "UPDATE learnings SET steps = ?, context = ?, times_used = times_used + 1, updated_at = ? "
                        + "WHERE tenant = ? AND id = ?", learning.steps(), learning.context(), ts, e.tenant().value(),
                        e.id().value());
                return new Recorded(new Learning(e.id(), e.tenant(), e.task(), learning.steps(), learning.context(),
                        e.timesUsed() + 1, e.createdAt(), at), false);
            }
            Jdbc.update(c, "INSERT INTO learnings(tenant, task, normalized_task, steps, context, times_used, created_at, "
                            + "updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)", learning.tenant().value(), learning.task(),
                    learning.normalizedTask(), learning.steps(), learning.context(), ts, ts);
            long id = Jdbc.lastInsertRowid(c);
            return new Recorded(new Learning(LearningId.of(id), learning.tenant(), learning.task(), learning.steps(),
                    learning.context(), 1, at, at), true);
        });
    }

    @Override
    public Optional<Learning> find(Tenant tenant, LearningId id) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.first("SELECT " + COLUMNS + " FROM learnings l WHERE l.tenant = ? AND l.id = ?",
                    List.of(tenant.value(), id.value()), SqliteLearningStore::read);
        }
    }

    @Override
    public List<Learning> list(Tenant tenant, int limit) {
        return query("SELECT " + COLUMNS + " FROM learnings l WHERE l.tenant = ? "
                + "ORDER BY l.updated_at DESC, l.id DESC LIMIT ?", List.of(tenant.value(), limit));
    }

    /**
     * BM25 over task, steps and context; every keyword is quoted, so no stored or typed word acts as an operator.
     * A tenant that holds a small part of the index also matches its tenant term (migration 25), weighed 0.
     */
    @Override
    public List<Learning> search(Tenant tenant, String query, int limit) {
        List<String> keywords = QueryText.keywords(query);
        if (keywords.isEmpty()) {
            return List.of();
        }
        String match = keywords.stream().map(k -> '"' + k + '"').collect(Collectors.joining(" OR "));
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.list("SELECT " + COLUMNS + " FROM learnings_fts JOIN learnings l ON l.id = learnings_fts.rowid "
                    + "WHERE learnings_fts MATCH ? AND l.tenant = ? ORDER BY bm25(learnings_fts, 1.0, 1.0, 1.0, 0.0), l.id "
                    + "LIMIT ?", List.of(shares.scope(reads, tenant, match), tenant.value(), limit),
                    SqliteLearningStore::read);
        }
    }

    private List<Learning> query(String sql, List<?> params) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.list(sql, params, SqliteLearningStore::read);
        }
    }

    /** A row selected with {@link #COLUMNS}. */
    private static Learning read(ResultSet r) throws SQLException {
        return new Learning(
                LearningId.of(r.getLong("id")),
                Tenant.of(r.getString("tenant")),
                r.getString("task"),
                r.getString("steps"),
                r.getString("context"),
                r.getLong("times_used"),
                Timestamps.parse(r.getString("created_at")),
                Timestamps.parse(r.getString("updated_at")));
    }
}
